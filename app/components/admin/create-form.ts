/**
 * The add form above a catalogue list (authors, publishers, logos, banners): multipart, to the
 * first version's `/create-<kind>/`, the list reloaded after a success.
 */
import type { FieldErrors } from '../form/api';
import { useApiForm } from '../form/use-api-form';
import { multipart } from '../form/values';

/** `label`: the kind as the success notice names it ("Author added Successfully!"). */
export function useCreateForm(kind: string, label: string, validate: (body: FormData) => FieldErrors) {
  return useApiForm({
    method: 'POST',
    url: `/create-${kind}/`,
    payload: (f) => multipart(f),
    validate,
    success: `${label} added Successfully!`,
    then: 'reload',
  });
}
