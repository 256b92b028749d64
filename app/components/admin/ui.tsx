/** Building blocks of the back office screens: fields with their errors, search, pager, image input, confirm dialog. */
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { notify } from '../notices';
import { checkImageFile, sendApi, type ApiResult, type FieldErrors } from './api';

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-xl font-bold">{children}</h1>
      {actions}
    </div>
  );
}

export function Panel({ title, children, id, collapsed }: { title?: string; children: ReactNode; id?: string; collapsed?: boolean }) {
  if (collapsed !== undefined && title) {
    // An add form folds away so the list is on screen at once; it stays open (with what was typed) once opened.
    return (
      <details id={id} open={!collapsed} className="group mb-6 rounded border border-stone-200 bg-white shadow-sm">
        <summary className="cursor-pointer list-none px-4 py-3 text-base font-semibold select-none">
          <span className="mr-2 inline-block transition-transform group-open:rotate-90">▸</span>
          {title}
        </summary>
        <div className="border-t border-stone-100 p-4">{children}</div>
      </details>
    );
  }
  return (
    <section id={id} className="mb-6 rounded border border-stone-200 bg-white p-4 shadow-sm">
      {title && <h2 className="mb-3 text-base font-semibold">{title}</h2>}
      {children}
    </section>
  );
}

export function FieldError({ errors, name }: { errors: FieldErrors; name: string }) {
  const list = errors[name];
  if (!list?.length) return null;
  return (
    <p className="mt-1 text-xs text-red-700" data-testid={`error-${name}`} role="alert">
      {list.join(' ')}
    </p>
  );
}

const inputClass = 'mt-1 block w-full rounded border border-stone-300 px-2 py-1.5 text-sm focus:border-brand focus:outline-none focus:ring-1 focus:ring-brand';

interface FieldProps {
  label: string;
  name: string;
  errors: FieldErrors;
  defaultValue?: string | number | null;
  type?: string;
  required?: boolean;
  min?: number;
  placeholder?: string;
  className?: string;
  autoComplete?: string;
}

export function TextField({ label, name, errors, defaultValue, type = 'text', required, min, placeholder, className, autoComplete }: FieldProps) {
  return (
    <label className={`block text-sm ${className ?? ''}`}>
      <span className="font-medium">
        {label}
        {required && <span className="text-red-700"> *</span>}
      </span>
      <input
        name={name}
        type={type}
        defaultValue={defaultValue ?? ''}
        min={min}
        step={type === 'number' ? 1 : undefined}
        placeholder={placeholder}
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        className={inputClass}
      />
      <FieldError errors={errors} name={name} />
    </label>
  );
}

export function TextArea({ label, name, errors, defaultValue, className }: FieldProps) {
  return (
    <label className={`block text-sm ${className ?? ''}`}>
      <span className="font-medium">{label}</span>
      <textarea name={name} defaultValue={defaultValue ?? ''} rows={3} className={inputClass} />
      <FieldError errors={errors} name={name} />
    </label>
  );
}

export function SelectField({
  label,
  name,
  errors,
  defaultValue,
  options,
  required,
  className,
  empty = '— choose —',
  onChange,
}: FieldProps & { options: { value: string | number; label: string }[]; empty?: string | null; onChange?: (value: string) => void }) {
  return (
    <label className={`block text-sm ${className ?? ''}`}>
      <span className="font-medium">
        {label}
        {required && <span className="text-red-700"> *</span>}
      </span>
      <select name={name} defaultValue={defaultValue ?? ''} className={inputClass} onChange={(e) => onChange?.(e.target.value)} aria-invalid={errors[name] ? true : undefined}>
        {empty !== null && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError errors={errors} name={name} />
    </label>
  );
}

/** An image input that previews the chosen file and refuses a non-image or one over 2 MB before uploading. */
export function ImageInput({ label, name, errors, required, currentUrl, accept = 'image/jpeg,image/png,image/webp,image/gif' }: { label: string; name: string; errors: FieldErrors; required?: boolean; currentUrl?: string | null; accept?: string }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl ?? null;
  return (
    <div className="block text-sm">
      <label>
        <span className="font-medium">
          {label}
          {required && <span className="text-red-700"> *</span>}
        </span>
        <input
          name={name}
          type="file"
          accept={accept}
          className="mt-1 block w-full text-sm file:mr-2 file:rounded file:border-0 file:bg-stone-200 file:px-2 file:py-1"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) {
              setPreview(null);
              setProblem(null);
              return;
            }
            const bad = checkImageFile(file);
            if (bad) {
              e.target.value = '';
              setPreview(null);
              setProblem(bad);
              return;
            }
            setProblem(null);
            setPreview(URL.createObjectURL(file));
          }}
        />
      </label>
      <span className="text-xs text-stone-500">JPEG, PNG, WebP or GIF, up to 2 MB.</span>
      {problem && (
        <p className="mt-1 text-xs text-red-700" role="alert" data-testid={`error-${name}`}>
          {problem}
        </p>
      )}
      {!problem && <FieldError errors={errors} name={name} />}
      {shown && <img src={shown} alt="" data-testid={`preview-${name}`} className="mt-2 h-20 w-20 rounded border object-cover" />}
    </div>
  );
}

export function Button({ children, kind = 'primary', size = 'md', ...rest }: React.ButtonHTMLAttributes<HTMLButtonElement> & { kind?: 'primary' | 'secondary' | 'danger'; size?: 'sm' | 'md' }) {
  const colors = {
    primary: 'bg-brand text-white hover:bg-brand-dark',
    secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
    danger: 'bg-red-700 text-white hover:bg-red-800',
  }[kind];
  return (
    <button type="button" {...rest} className={`rounded font-medium whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-50 ${size === 'sm' ? 'px-2 py-1 text-xs' : 'px-3 py-1.5 text-sm'} ${colors} ${rest.className ?? ''}`}>
      {children}
    </button>
  );
}

export function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="rounded border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100">
      {children}
    </Link>
  );
}

/** A GET search box: the term goes to `?search=` and the list is rendered on the server. */
export function SearchBox({ placeholder, defaultValue, label = 'Search' }: { placeholder: string; defaultValue: string; label?: string }) {
  return (
    <Form method="get" className="flex gap-2" role="search">
      <input type="search" name="search" defaultValue={defaultValue} placeholder={placeholder} aria-label={label} className={`${inputClass} mt-0 max-w-md`} />
      <Button type="submit">{label}</Button>
      {defaultValue && <LinkButton to="?">Clear</LinkButton>}
    </Form>
  );
}

/** Previous / numbered / next links that keep the other query parameters. */
export function Pager({ count, page, size = 20, pageKey = 'page' }: { count: number; page: number; size?: number; pageKey?: string }) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(count / size));
  if (pages <= 1) return <p className="mt-2 text-xs text-stone-500">{count} in all</p>;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set(pageKey, String(p));
    return `?${params.toString()}`;
  };
  const around = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const cls = 'rounded border px-2 py-1 text-sm';
  return (
    <nav className="mt-3 flex flex-wrap items-center gap-1" aria-label="Pages">
      {page > 1 ? <Link className={cls} to={href(page - 1)}>← Prev</Link> : <span className={`${cls} opacity-40`}>← Prev</span>}
      {around.map((p, i) => (
        <span key={p} className="flex items-center gap-1">
          {i > 0 && around[i - 1] !== p - 1 && <span className="px-1">…</span>}
          {p === page ? (
            <span aria-current="page" className={`${cls} border-brand bg-brand text-white`}>
              {p}
            </span>
          ) : (
            <Link className={cls} to={href(p)}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < pages ? <Link className={cls} to={href(page + 1)}>Next →</Link> : <span className={`${cls} opacity-40`}>Next →</span>}
      <span className="ml-2 text-xs text-stone-500">
        page {page} of {pages} · {count} in all
      </span>
    </nav>
  );
}

export function Table({ head, children, testId, dense }: { head: string[]; children: ReactNode; testId?: string; dense?: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className={`w-full border-collapse text-left ${dense ? 'text-xs' : 'text-sm'}`} data-testid={testId}>
        <thead>
          <tr className="border-b-2 border-stone-200 bg-stone-50">
            {head.map((h) => (
              <th key={h} className="px-1.5 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&>tr]:border-b [&>tr]:border-stone-100 [&>tr:hover]:bg-stone-50 [&_td]:px-1.5 [&_td]:py-1.5">{children}</tbody>
      </table>
    </div>
  );
}

export const NO_RESULT = 'Sorry, No result found!';

export function Empty({ colSpan, text = NO_RESULT }: { colSpan: number; text?: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="py-6 text-center text-stone-500" data-testid="empty">
        {text}
      </td>
    </tr>
  );
}

/** A confirm dialog (spec §8 wording) that answers a promise, instead of the browser's blocking confirm(). */
export function useConfirm(yes = 'Yes, delete'): { confirm: (message: string) => Promise<boolean>; dialog: ReactNode } {
  const [state, setState] = useState<{ message: string; resolve: (ok: boolean) => void } | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (state && ref.current && !ref.current.open) ref.current.showModal();
  }, [state]);
  const close = (ok: boolean) => {
    state?.resolve(ok);
    ref.current?.close();
    setState(null);
  };
  const confirm = useCallback((message: string) => new Promise<boolean>((resolve) => setState({ message, resolve })), []);
  const dialog = state ? (
    <dialog ref={ref} onCancel={() => close(false)} className="m-auto w-full max-w-sm rounded-lg p-5 shadow-xl backdrop:bg-black/40" data-testid="confirm-dialog">
      <p className="mb-4 font-medium">{state.message}</p>
      <div className="flex justify-end gap-2">
        <Button kind="secondary" onClick={() => close(false)}>
          No
        </Button>
        <Button kind="danger" onClick={() => close(true)} autoFocus>
          {yes}
        </Button>
      </div>
    </dialog>
  ) : null;
  return { confirm, dialog };
}

/** Confirms, calls DELETE, waits for the server, reports failure or success, then reloads the list. */
export function DeleteButton({ url, confirmText, successText, label = 'Delete', onDeleted }: { url: string; confirmText: string; successText: string; label?: string; onDeleted?: () => void }) {
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  return (
    <>
      <Button
        kind="danger"
        size="sm"
        disabled={busy}
        onClick={async () => {
          if (!(await confirm(confirmText))) return;
          setBusy(true);
          const res = await sendApi<{ deactivated?: boolean }>('DELETE', url);
          setBusy(false);
          if (!res.ok) {
            notify(res.message || `Could not delete (${res.status}).`, 'error', 6000);
            return;
          }
          notify(res.body?.deactivated ? `${successText} (It is on orders, so it was deactivated instead.)` : successText);
          if (onDeleted) onDeleted();
          else await revalidator.revalidate();
        }}
      >
        {busy ? 'Deleting…' : label}
      </Button>
      {dialog}
    </>
  );
}

/**
 * Submits a form to the API and keeps what was typed: the inputs are uncontrolled and only
 * cleared after a success. Client checks run first; the server's per-field errors are shown
 * when it refuses.
 */
export function useApiForm(opts: {
  method: 'POST' | 'PUT';
  url: string | (() => string);
  payload: (form: HTMLFormElement) => FormData | object;
  validate?: (form: HTMLFormElement) => FieldErrors;
  success: string;
  /** After success: a path to go to, or 'reload' (revalidate the page's data) and reset the form. */
  then: string | 'reload';
  resetOnSuccess?: boolean;
  onResult?: (res: ApiResult) => void;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const local = opts.validate?.(form) ?? {};
    if (Object.keys(local).length) {
      setErrors(local);
      notify('Please correct the marked fields.', 'error');
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    const res = await sendApi(opts.method, typeof opts.url === 'function' ? opts.url() : opts.url, opts.payload(form));
    setBusy(false);
    opts.onResult?.(res);
    if (!res.ok) {
      setErrors(res.errors);
      notify(res.message || `The server refused (${res.status}).`, 'error', 6000);
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    notify(opts.success);
    if (opts.then === 'reload') {
      if (opts.resetOnSuccess !== false) form.reset();
      await revalidator.revalidate();
    } else {
      await navigate(opts.then);
    }
  };
  return { errors, setErrors, busy, onSubmit };
}

/** Beside the submit button: what is wrong, all of it (a long form's first error may be off screen). */
export function FormError({ errors }: { errors: FieldErrors }) {
  const entries = Object.entries(errors).filter(([, list]) => list.length);
  if (!entries.length) return null;
  return (
    <div className="rounded border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-800" role="alert" data-testid="form-errors">
      <ul className="list-inside list-disc">
        {entries.map(([field, list]) => (
          <li key={field}>
            {field === 'non_field_errors' ? '' : `${field.replace(/_/g, ' ')}: `}
            {list.join(' ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => {
    const el = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
    el?.scrollIntoView({ block: 'center' });
  });
}

export function formText(form: HTMLFormElement, name: string): string {
  const v = new FormData(form).get(name);
  return typeof v === 'string' ? v.trim() : '';
}

export function hasFile(form: HTMLFormElement, name: string): boolean {
  const v = new FormData(form).get(name);
  return v instanceof File && v.size > 0;
}

/** FormData without empty file inputs (an update sends the image only when a new one was chosen). */
export function multipart(form: HTMLFormElement, extra: Record<string, string> = {}): FormData {
  const fd = new FormData(form);
  for (const [key, value] of [...fd.entries()]) if (value instanceof File && value.size === 0) fd.delete(key);
  for (const [k, v] of Object.entries(extra)) fd.set(k, v);
  return fd;
}
