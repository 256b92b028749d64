/**
 * The one way a page's form is sent to the API, in the shop and in the back office.
 *
 * The inputs stay uncontrolled, so nothing typed is lost when the server refuses; they are
 * cleared only after a success on a page that stays. The browser checks first (usually with the
 * server's own schema, see `checkWith`): its errors show under the fields and the first one
 * takes the focus. A refusal from the server shows the same way, with its message as a notice.
 * A field's error goes away as soon as that field is edited. A second submit while one is on
 * its way is ignored.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useT } from '../../lib/i18n';
import { notify } from '../notices';
import { failureText, sendApi, type ApiResult, type FieldErrors } from './api';

export interface ApiFormOptions<B extends FormData | object> {
  method: 'POST' | 'PUT';
  url: string;
  /** The request body, built from the form (JSON for an object, multipart for FormData). */
  payload: (form: HTMLFormElement) => B;
  /** The browser's check before sending; `{}` lets the form go. It may wait for its schema (see `lazySchema`). */
  validate?: (body: B, form: HTMLFormElement) => FieldErrors | Promise<FieldErrors>;
  /** Called when the form first takes the focus: fetches what `validate` will need (a lazily loaded schema). */
  preload?: () => void;
  /** Extra request headers, asked for at each submit. */
  headers?: () => Record<string, string>;
  /** The notice after a success; a function may read the server's answer. */
  success: string | ((res: ApiResult) => string);
  /** After a success: a path to go to, 'reload' to refetch the page's data, or a function. */
  then: string | ((res: ApiResult, body: B) => unknown);
  /** Clear the inputs after a success (by default only with 'reload', where the page stays). */
  reset?: boolean;
  /** Sees every answer first, whatever it is. */
  onAnswer?: (res: ApiResult) => void;
  /** A refusal the page deals with itself: return true, and nothing else is shown. */
  onRefusal?: (res: ApiResult) => boolean;
}

export interface ApiForm {
  errors: FieldErrors;
  /** The text of the last refusal, for a FormAlert. */
  alert: string | null;
  busy: boolean;
  /** Spread on the <form>. */
  props: {
    noValidate: true;
    onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
    onChange: (event: FormEvent<HTMLFormElement>) => void;
    onFocus?: () => void;
  };
}

function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => {
    const el = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
    el?.scrollIntoView({ block: 'center' });
  });
}

export function useApiForm<B extends FormData | object>(opts: ApiFormOptions<B>): ApiForm {
  const t = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const body = opts.payload(form);
    sending.current = true;
    const local = (await opts.validate?.(body, form)) ?? {};
    setAlert(null);
    setErrors(local);
    if (Object.keys(local).length) {
      sending.current = false;
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    const res = await sendApi(opts.method, opts.url, body, opts.headers?.());
    sending.current = false;
    setBusy(false);
    opts.onAnswer?.(res);
    if (!res.ok) {
      if (opts.onRefusal?.(res)) return;
      const text = failureText(res, t);
      setErrors(res.errors);
      setAlert(text);
      notify(text, 'error', 6000);
      focusFirstInvalid(form);
      return;
    }
    // A notice that goes along to another page stays up a little longer.
    notify(typeof opts.success === 'function' ? opts.success(res) : opts.success, 'success', opts.then === 'reload' ? 3000 : 5000);
    if (opts.reset ?? opts.then === 'reload') form.reset();
    if (opts.then === 'reload') await revalidator.revalidate();
    else if (typeof opts.then === 'string') await navigate(opts.then);
    else await opts.then(res, body);
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (!name) return;
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      const rest = { ...prev };
      delete rest[name];
      return rest;
    });
  };

  return { errors, alert, busy, props: { noValidate: true, onSubmit, onChange, onFocus: opts.preload } };
}
