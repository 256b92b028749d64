/** The back office's buttons, a link that looks like one, and the foot of a form. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { FieldErrors } from '../form/api';
import { FormErrors } from '../form/messages';

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

/** A form's submit button: says it is saving while the request is on its way. */
export function SaveButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy}>
      {busy ? 'Saving…' : children}
    </Button>
  );
}

/** The foot of a back-office form: what was refused of the form as a whole, its save button and, on an edit form, Cancel back to `cancelTo`. */
export function FormFoot({ errors, busy, cancelTo, children }: { errors: FieldErrors; busy: boolean; cancelTo?: string; children: ReactNode }) {
  return (
    <>
      <FormErrors errors={errors} />
      <div className={cancelTo ? 'flex gap-2' : undefined}>
        <SaveButton busy={busy}>{children}</SaveButton>
        {cancelTo && <LinkButton to={cancelTo}>Cancel</LinkButton>}
      </div>
    </>
  );
}
