/** The author / publisher form fields (spec §3: name, description, image, alt text). */
import { ImageInput, TextArea, TextField, multipart } from './ui';
import { checkWith, formValues, type FieldErrors } from './api';
import { personFormSchema } from '../../../domain/catalog-forms';

export type PersonKind = 'author' | 'publisher';

export function personKind(pathname: string): PersonKind {
  return pathname.includes('publisher') ? 'publisher' : 'author';
}

/** The server's own schema (domain/catalog-forms.ts): the name is required, in Bengali (spec §5). */
export function validatePerson(kind: PersonKind, form: HTMLFormElement, mode: 'create' | 'update' = 'create'): FieldErrors {
  return checkWith(personFormSchema(kind, mode), formValues(multipart(form)));
}

export function PersonFields({ kind, errors, person }: { kind: PersonKind; errors: FieldErrors; person?: { name: string; description: string; alt_text: string; image: string | null } }) {
  return (
    <>
      <TextField label={kind === 'author' ? 'Author name' : 'Publisher name'} name="name" errors={errors} defaultValue={person?.name} required />
      <TextArea label="Description" name="description" errors={errors} defaultValue={person?.description} />
      <ImageInput label="Image (optional)" name="image" errors={errors} currentUrl={person?.image} />
      <TextField label="Alt text" name="alt_text" errors={errors} defaultValue={person?.alt_text} />
    </>
  );
}
