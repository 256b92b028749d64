/**
 * What every catalogue write shares. A write stores its new files first, changes the database,
 * and only then removes the files it replaced; when the database change fails, the new files
 * are removed again, so a refused write leaves nothing behind under the media folder. A row
 * the database refuses (a reference removed meanwhile, a taken name) answers 4xx, not 500.
 */
import { constraintKind } from '../db/errors';
import { badRequest, conflict, type FieldErrors } from '../http/errors';
import type { ImageKind } from '../media/images';
import { imageVariantsFromUpload, pdfFromUpload, type PendingFiles, type Upload } from '../media/uploads';

/** Answers 400 with these per-field messages; the first one is the message. */
export function fail(errors: FieldErrors): never {
  throw badRequest(Object.values(errors)[0]?.[0] ?? 'Invalid input.', errors);
}

/** Runs a database write; on any failure removes the request's new files (if any) and answers constraint failures as 4xx. */
export async function commit<T>(pending: PendingFiles | null, write: () => Promise<T>, messages: { foreign_key?: string; unique?: string } = {}): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await pending?.discard();
    const kind = constraintKind(error);
    if (kind === 'foreign_key') throw conflict(messages.foreign_key ?? 'Something this refers to was just changed or removed; reload and try again.');
    if (kind === 'unique') throw conflict(messages.unique ?? 'That name is already taken.');
    if (kind === 'check') throw badRequest('A value is out of range.');
    throw error;
  }
}

/** Stores a new picture in every size; on a bad file removes what the request stored so far. */
export async function storeImage(pending: PendingFiles, kind: Exclude<ImageKind, 'categories'>, file: Upload | undefined): Promise<string | null> {
  if (!file) return null;
  try {
    return await pending.putImage(kind, await imageVariantsFromUpload(kind, file, 'image'));
  } catch (error) {
    await pending.discard();
    throw error;
  }
}

export interface ProductFiles {
  image?: Upload | undefined;
  pdf?: Upload | undefined;
}

/** Validates and stores the new image and PDF of a request; on a bad file removes what was stored. */
export async function storeProductFiles(pending: PendingFiles, files: ProductFiles): Promise<{ image?: string; pdf?: string }> {
  try {
    const out: { image?: string; pdf?: string } = {};
    // Check both files before writing either.
    const variants = files.image ? await imageVariantsFromUpload('products', files.image, 'image') : undefined;
    const pdf = files.pdf ? await pdfFromUpload(files.pdf, 'pdf') : undefined;
    if (variants) out.image = await pending.putImage('products', variants);
    if (pdf) out.pdf = await pending.putPdf(pdf);
    return out;
  } catch (error) {
    await pending.discard();
    throw error;
  }
}
