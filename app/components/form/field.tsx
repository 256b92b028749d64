/**
 * The one form field: a label, the control, an optional hint and the field's errors underneath,
 * wired for screen readers (aria-invalid, aria-describedby). Input, text area and select share
 * it. The shop's short forms are roomy; the back office, whose forms are long, declares the
 * compact look once around its pages (`<FieldLook value="compact">`) and marks required
 * fields with a star.
 */
import { createContext, useContext, useId, type ReactNode } from 'react';
import type { FieldErrors } from './api';

type Look = 'roomy' | 'compact';
const LookContext = createContext<Look>('roomy');
export const FieldLook = LookContext.Provider;

const LOOKS = {
  roomy: {
    box: 'mb-4',
    label: 'mb-1 block text-sm font-semibold',
    control: (bad: boolean) => `w-full rounded border px-3 py-2 text-base focus:outline-2 focus:outline-brand ${bad ? 'border-red-600' : 'border-stone-300'}`,
    error: 'mt-1 text-sm text-red-700',
    star: false,
  },
  compact: {
    box: 'block text-sm',
    label: 'font-medium',
    control: () => 'mt-1 block w-full rounded border border-stone-300 px-2 py-1.5 text-sm focus:border-brand focus:outline-none focus:ring-1 focus:ring-brand',
    error: 'mt-1 text-xs text-red-700',
    star: true,
  },
} as const;

/** The control classes of the current look, for inputs that need their own markup. */
export function useControlClass(bad = false): string {
  return LOOKS[useContext(LookContext)].control(bad);
}

/** A field's messages, or nothing. Also used alone for errors about a group of inputs. */
export function FieldError({ errors, name, id }: { errors: FieldErrors | undefined; name: string; id?: string }) {
  const look = LOOKS[useContext(LookContext)];
  const list = errors?.[name];
  if (!list?.length) return null;
  return (
    <p id={id} className={look.error} data-testid={`error-${name}`} role="alert">
      {list.join(' ')}
    </p>
  );
}

interface ShellProps {
  name: string;
  label: ReactNode;
  errors?: FieldErrors | undefined;
  hint?: ReactNode;
  required?: boolean | undefined;
  className?: string | undefined;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }) => ReactNode;
}

function FieldShell({ name, label, errors, hint, required, className, children }: ShellProps) {
  const look = LOOKS[useContext(LookContext)];
  const id = useId();
  const bad = Boolean(errors?.[name]?.length);
  const errorId = `${id}-error`;
  return (
    <div className={className ? `${look.box} ${className}` : look.box}>
      <label htmlFor={id} className={look.label}>
        {label}
        {look.star && required && <span className="text-red-700"> *</span>}
      </label>
      {children({ id, className: look.control(bad), ...(bad ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}) })}
      {hint && <p className="mt-1 text-xs text-stone-600">{hint}</p>}
      <FieldError errors={errors} name={name} id={errorId} />
    </div>
  );
}

type Common = { name: string; label: ReactNode; errors?: FieldErrors | undefined; hint?: ReactNode; defaultValue?: string | number | null | undefined };

export function Field({ name, label, errors, hint, className, defaultValue, ...input }: Common & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'defaultValue'>) {
  return (
    <FieldShell name={name} label={label} errors={errors} hint={hint} required={input.required} className={className}>
      {(control) => (
        <input
          name={name}
          step={input.type === 'number' ? 1 : undefined}
          {...(input.value === undefined ? { defaultValue: defaultValue ?? '' } : {})}
          {...input}
          {...control}
        />
      )}
    </FieldShell>
  );
}

export function TextArea({ name, label, errors, hint, className, defaultValue, ...input }: Common & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'defaultValue'>) {
  return (
    <FieldShell name={name} label={label} errors={errors} hint={hint} required={input.required} className={className}>
      {(control) => <textarea name={name} rows={3} defaultValue={defaultValue ?? ''} {...input} {...control} />}
    </FieldShell>
  );
}

export function SelectField({
  name,
  label,
  errors,
  hint,
  className,
  defaultValue,
  options,
  empty = '— choose —',
  ...select
}: Common & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'defaultValue'> & { options: { value: string | number; label: string }[]; empty?: string | null }) {
  return (
    <FieldShell name={name} label={label} errors={errors} hint={hint} required={select.required} className={className}>
      {(control) => (
        <select name={name} defaultValue={defaultValue ?? ''} {...select} {...control}>
          {empty !== null && <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
