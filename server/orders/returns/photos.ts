/**
 * A customer's return request as sent: JSON, or a multipart form (`lines` as JSON text, `reason`,
 * and up to three `photos`). The form is read into memory under hard limits; every photo is
 * judged by its content and re-encoded to WebP by the media pipeline (server/media/uploads.ts,
 * as product pictures are: at most 2 MB and 40 megapixels) before anything is stored, and the
 * files a request stored are removed again when it then fails.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../http/errors';
import { assertSafeTexts } from '../../http/input-guard';
import { IMAGE_MAX_BYTES, PendingFiles, imageVariantsFromUpload, readForm, type Upload } from '../../media/uploads';
import type { ImageVariants } from '../../media/images';
import type { FileStorage } from '../../media/storage';

export const MAX_RETURN_PHOTOS = 3;

export const PHOTO_MESSAGES = {
  tooMany: `সর্বোচ্চ ${MAX_RETURN_PHOTOS}টি ছবি দেওয়া যায়। (At most ${MAX_RETURN_PHOTOS} photos.)`,
  tooLarge: 'প্রতিটি ছবি সর্বোচ্চ ২ MB হতে পারে। (Each photo may be at most 2 MB.)',
  notAFile: 'শুধু photos ফাইল হতে পারে। (Only photos may be files.)',
  unreadable: 'ফর্মটি পড়া যায়নি। (The form could not be read.)',
} as const;

/** Multipart limits for the request: three photos (a fourth is counted so it can be refused by name), a few short fields. */
export const RETURN_FORM_LIMITS = { fileSize: IMAGE_MAX_BYTES, files: MAX_RETURN_PHOTOS + 1, fields: 10, fieldSize: 20_000, fieldNameSize: 100, parts: 14, headerPairs: 100 };

const tooMany = () => badRequest(PHOTO_MESSAGES.tooMany, { photos: [PHOTO_MESSAGES.tooMany] });

/** The request's text fields and its photos (as received, not yet checked). */
export async function readReturnRequest(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; photos: Upload[] }> {
  if (!request.isMultipart()) return { fields: await readForm(request, []), photos: [] };
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(request.headers['content-type'] ?? '')) throw badRequest('The multipart form has no boundary in its Content-Type.');
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const photos: Upload[] = [];
  let refused: HttpError | null = null;
  try {
    for await (const part of request.parts({ limits: RETURN_FORM_LIMITS })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new HttpError(413, `The field ${part.fieldname} is too long.`, { [part.fieldname]: [`The field ${part.fieldname} is too long.`] });
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const data = await part.toBuffer();
      // An empty file input is sent as a part with no name and no bytes: no photo chosen.
      if (data.length === 0 && !part.filename) continue;
      if (part.fieldname !== 'photos') refused ??= badRequest(PHOTO_MESSAGES.notAFile, { [part.fieldname]: [PHOTO_MESSAGES.notAFile] });
      else if (photos.length >= MAX_RETURN_PHOTOS) refused ??= tooMany();
      else photos.push({ kind: 'upload', field: 'photos', data });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, PHOTO_MESSAGES.tooLarge, { photos: [PHOTO_MESSAGES.tooLarge] });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(413, 'The form has too many fields.');
    throw badRequest(PHOTO_MESSAGES.unreadable);
  }
  if (refused) throw refused;
  assertSafeTexts({ ...fields });
  return { fields: { ...fields }, photos };
}

/** Checks and re-encodes every photo (400/413 on the first bad one), before any is stored. */
export function encodePhotos(photos: Upload[]): Promise<ImageVariants[]> {
  return Promise.all(photos.map((p) => imageVariantsFromUpload('returns', p, 'photos')));
}

/**
 * Stores the encoded photos and runs `write` with their keys; when the write fails, the stored
 * photos are removed again and the error goes on.
 */
export async function withStoredPhotos<T>(storage: FileStorage, encoded: ImageVariants[], write: (keys: string[]) => Promise<T>): Promise<T> {
  if (!encoded.length) return write([]);
  const pending = new PendingFiles(storage);
  try {
    const keys: string[] = [];
    for (const variants of encoded) keys.push(await pending.putImage('returns', variants));
    return await write(keys);
  } catch (error) {
    await pending.discard();
    throw error;
  }
}
