/** The category form's JSON body ({name, parent}) and its check with the server's own schema. */
import { categoryFormSchema } from '../../../domain/catalog-forms';
import type { FieldErrors } from '../form/api';
import { checkWith, formText } from '../form/values';

type CategoryBody = { name: string; parent: number | null };

export function categoryPayload(form: HTMLFormElement): CategoryBody {
  const parent = formText(form, 'parent');
  return { name: formText(form, 'name'), parent: parent ? Number(parent) : null };
}

export function validateCategory(body: CategoryBody): FieldErrors {
  return checkWith(categoryFormSchema, body);
}
