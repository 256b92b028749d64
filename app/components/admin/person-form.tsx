/** The author / publisher form fields (name, description, image, alt text) and their check with the server's own schema. */
import { personFormSchema } from '../../../domain/catalog-forms';
import type { FieldErrors } from '../form/api';
import { Field, TextArea } from '../form/field';
import { ImageInput } from '../form/image-input';
import { checkWith } from '../form/values';

export type PersonKind = 'author' | 'publisher';

export function personKind(pathname: string): PersonKind {
  return pathname.includes('publisher') ? 'publisher' : 'author';
}

/** The name is required, in Bengali, as the API says it. */
export function validatePerson(kind: PersonKind, body: FormData, mode: 'create' | 'update' = 'create'): FieldErrors {
  return checkWith(personFormSchema(kind, mode), body);
}

export function PersonFields({ kind, errors, person }: { kind: PersonKind; errors: FieldErrors; person?: { name: string; description: string; alt_text: string; image: string | null } }) {
  return (
    <>
      <Field label={kind === 'author' ? 'Author name' : 'Publisher name'} name="name" errors={errors} defaultValue={person?.name} required />
      <TextArea label="Description" name="description" errors={errors} defaultValue={person?.description} />
      <ImageInput label="Image (optional)" name="image" errors={errors} currentUrl={person?.image} />
      <Field label="Alt text" name="alt_text" errors={errors} defaultValue={person?.alt_text} />
    </>
  );
}
