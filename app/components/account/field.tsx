/** Labelled inputs with their error underneath, wired for screen readers (aria-invalid, aria-describedby). */
import type { ReactNode } from 'react';

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function Field({ name, label, error, hint, id, className, ...input }: FieldProps) {
  const inputId = id ?? `f-${name}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className ?? 'mb-4'}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`w-full rounded border px-3 py-2 text-base focus:outline-2 focus:outline-brand ${error ? 'border-red-600' : 'border-stone-300'}`}
        {...input}
      />
      {hint && <p className="mt-1 text-xs text-stone-600">{hint}</p>}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextArea({ name, label, error, id, ...input }: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string; label: string; error?: string | undefined }) {
  const inputId = id ?? `f-${name}`;
  const errorId = `${inputId}-error`;
  return (
    <div className="mb-4">
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={inputId}
        name={name}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`w-full rounded border px-3 py-2 text-base focus:outline-2 focus:outline-brand ${error ? 'border-red-600' : 'border-stone-300'}`}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A centred card for the small account forms (sign up, sign in, recovery). */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8">
      <div className="rounded-lg bg-white p-6 shadow-sm">
        <h1 className="mb-6 text-center text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className="w-full rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark focus:outline-2 focus:outline-offset-2 focus:outline-brand disabled:opacity-60"
    >
      {children}
    </button>
  );
}

/** A form-level problem (not tied to one field), announced to screen readers. */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="form-alert">
      {text}
    </p>
  );
}
