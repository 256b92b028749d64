/** What a form says about itself as a whole, beside its fields. */
import type { FieldErrors } from './api';

/** The server's refusal, when it is not about one field; announced to screen readers. */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="form-alert">
      {text}
    </p>
  );
}

/** Beside the submit button of a long form: everything that is wrong (the first error may be off screen). */
export function FormErrors({ errors }: { errors: FieldErrors }) {
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
