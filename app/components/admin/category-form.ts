/** The category form's checks (the server's schema) and JSON body ({name, parent}, spec §7). */
import { categoryFormSchema } from '../../../domain/catalog-forms';
import { formText } from './ui';
import { checkWith, type FieldErrors } from './api';

export function categoryPayload(form: HTMLFormElement): { name: string; parent: number | null } {
  const parent = formText(form, 'parent');
  return { name: formText(form, 'name'), parent: parent ? Number(parent) : null };
}

export function validateCategory(form: HTMLFormElement): FieldErrors {
  return checkWith(categoryFormSchema, categoryPayload(form));
}
