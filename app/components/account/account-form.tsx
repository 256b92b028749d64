/**
 * The small account forms (sign up, sign in, password recovery): a centred card holding the
 * form, the server's refusal above the fields, one wide submit button and a link below.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ApiForm } from '../form/use-api-form';
import { FormAlert } from '../form/messages';

export function SubmitButton({ busy, disabled, testId, children, className = 'w-full px-4 py-2' }: { busy: boolean; disabled?: boolean; testId?: string; children: ReactNode; className?: string }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      data-testid={testId}
      className={`rounded bg-brand font-semibold text-white hover:bg-brand-dark focus:outline-2 focus:outline-offset-2 focus:outline-brand disabled:opacity-60 ${className}`}
    >
      {children}
    </button>
  );
}

interface AccountFormProps {
  title: string;
  /** The form's accessible name, when it differs from the title. */
  label?: string;
  intro?: ReactNode;
  form: ApiForm;
  submit: string;
  footer?: { to: string; text: string };
  children: ReactNode;
}

export function AccountForm({ title, label, intro, form, submit, footer, children }: AccountFormProps) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8">
      <div className="rounded-lg bg-white p-6 shadow-sm">
        <h1 className="mb-6 text-center text-2xl font-bold">{title}</h1>
        {intro && <p className="mb-4 text-sm text-stone-700">{intro}</p>}
        <form {...form.props} aria-label={label ?? title}>
          <FormAlert text={form.alert} />
          {children}
          <SubmitButton busy={form.busy}>{submit}</SubmitButton>
        </form>
        {footer && (
          <p className="mt-4 text-center text-sm">
            <Link to={footer.to} className="text-brand underline">
              {footer.text}
            </Link>
          </p>
        )}
      </div>
    </main>
  );
}
