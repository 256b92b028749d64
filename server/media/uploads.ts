/**
 * Uploaded files: multipart forms are read into memory under hard limits,
 * then every file is judged by its content, never by its name or declared type. Images
 * (JPEG, PNG, WebP, GIF) up to 2 MB and 40 megapixels are re-encoded to WebP; sample PDFs must
 * be real PDFs up to 10 MB. Keys are made by the server. Files stored for a request that then
 * fails are removed again (`PendingFiles.discard`).
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type * as FileType from 'file-type';
import { HttpError } from '../http/errors';
import { deleteImageVariants, encodeImageVariants, loadSharp, putImageVariants, type ImageKind, type ImageVariants } from './images';
import type { FileStorage } from './storage';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const PDF_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

let fileType: Promise<typeof FileType> | null = null;

/** The file's type by its content. file-type (and its token readers) is imported on the first upload, not at start. */
async function fileTypeOf(data: Buffer): Promise<FileType.FileTypeResult | undefined> {
  const { fileTypeFromBuffer } = await (fileType ??= import('file-type'));
  return fileTypeFromBuffer(data);
}

/**
 * @fastify/multipart limits for the back-office forms: no file above 10 MB is even buffered,
 * at most two files (image and pdf), and a bounded number and size of text fields.
 */
export const MULTIPART_LIMITS = {
  fileSize: PDF_MAX_BYTES,
  files: 2,
  fields: 40,
  fieldSize: 100_000,
  fieldNameSize: 100,
  parts: 42,
  headerPairs: 100,
};

/** A file as received: its bytes only. The client's file name and declared type are never used. */
export interface Upload {
  readonly kind: 'upload';
  readonly field: string;
  readonly data: Buffer;
}

export function isUpload(v: unknown): v is Upload {
  return typeof v === 'object' && v !== null && (v as Upload).kind === 'upload' && Buffer.isBuffer((v as Upload).data);
}

function tooLarge(field: string, message: string) {
  return new HttpError(413, message, { [field]: [message] });
}

function invalid(field: string, message: string) {
  return new HttpError(400, message, { [field]: [message] });
}

/**
 * The form's values: text fields as strings, files (only in `fileFields`) as `Upload`s. A
 * JSON body is taken as it is (no files). Anything malformed answers 4xx, never 5xx.
 */
export async function readForm(request: FastifyRequest, fileFields: readonly string[]): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'Send the form as multipart/form-data or a JSON object.');
    return { ...(body as Record<string, unknown>) };
  }
  // busboy throws synchronously (an unhandled 500) on a multipart type without a boundary.
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(request.headers['content-type'] ?? '')) {
    throw new HttpError(400, 'The multipart form has no boundary in its Content-Type.');
  }
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const problems: HttpError[] = [];
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS, preservePath: true })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge(part.fieldname, `The field ${part.fieldname} is too long.`);
        out[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const data = await part.toBuffer();
      // An empty file input is sent as a part with no name and no bytes: no file chosen.
      if (data.length === 0 && !part.filename) continue;
      if (!fileFields.includes(part.fieldname)) {
        problems.push(invalid(part.fieldname, `${part.fieldname} cannot be a file.`));
      } else if (/[/\\]|\.\.|\0/.test(part.filename)) {
        problems.push(invalid(part.fieldname, 'The file name must not contain a folder path.'));
      } else {
        out[part.fieldname] = { kind: 'upload', field: part.fieldname, data } satisfies Upload;
      }
    }
  } catch (error) {
    throw toClientError(error);
  }
  if (problems[0]) throw problems[0];
  return { ...out };
}

function toClientError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const e = error as { code?: string; statusCode?: number; message?: string };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'A file is larger than 10 MB.');
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'Too many files: send at most an image and a PDF.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'The form has too many fields.');
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return new HttpError(e.statusCode, e.message ?? 'Bad request.');
  // busboy's own parse errors (truncated or malformed bodies) carry no status.
  return new HttpError(400, 'The multipart form could not be read.');
}

/** Checks an uploaded image by content and re-encodes it to WebP in the sizes of its kind. */
export async function imageVariantsFromUpload(kind: ImageKind, upload: Upload, field = 'image'): Promise<ImageVariants> {
  if (upload.data.length > IMAGE_MAX_BYTES) throw tooLarge(field, 'The image is larger than 2 MB.');
  const type = await fileTypeOf(upload.data);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw invalid(field, 'The image must be a JPEG, PNG, WebP or GIF picture.');
  let width = 0;
  let height = 0;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(upload.data, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
  } catch {
    throw invalid(field, 'The image could not be read.');
  }
  if (!width || !height) throw invalid(field, 'The image could not be read.');
  if (width * height > IMAGE_MAX_PIXELS) throw tooLarge(field, `The image is too large: at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`);
  try {
    return await encodeImageVariants(kind, upload.data, { limitInputPixels: IMAGE_MAX_PIXELS });
  } catch {
    throw invalid(field, 'The image could not be read.');
  }
}

/** Checks an uploaded sample PDF: the %PDF- signature, file-type and the end-of-file trailer must all agree. */
export async function pdfFromUpload(upload: Upload, field = 'pdf'): Promise<Buffer> {
  if (upload.data.length > PDF_MAX_BYTES) throw tooLarge(field, 'The PDF is larger than 10 MB.');
  const message = 'The sample must be a PDF file.';
  if (upload.data.subarray(0, 5).toString('latin1') !== '%PDF-') throw invalid(field, message);
  const type = await fileTypeOf(upload.data);
  if (type?.mime !== 'application/pdf') throw invalid(field, message);
  // A whole PDF ends with its trailer; readers allow some bytes after it (ISO 32000 §7.5.5).
  if (!upload.data.subarray(-1024).toString('latin1').includes('%%EOF')) throw invalid(field, message);
  return upload.data;
}

export function newPdfKey(): string {
  return `pdfs/${crypto.randomBytes(12).toString('hex')}.pdf`;
}

/**
 * Files written for one request. If the request then fails, `discard()` removes them; once the
 * database change has committed they stay.
 */
export class PendingFiles {
  private readonly images: string[] = [];
  private readonly keys: string[] = [];

  constructor(private readonly storage: FileStorage) {}

  async putImage(kind: ImageKind, variants: ImageVariants): Promise<string> {
    const base = await putImageVariants(this.storage, kind, variants);
    this.images.push(base);
    return base;
  }

  async putPdf(data: Buffer): Promise<string> {
    const key = newPdfKey();
    this.keys.push(key);
    await this.storage.put(key, data, 'application/pdf');
    return key;
  }

  async discard(): Promise<void> {
    await removeFiles(this.storage, { images: this.images, keys: this.keys });
  }
}

/** Removes stored images (by base key) and files; a failure to remove is not the request's failure. */
export async function removeFiles(storage: FileStorage, files: { images?: (string | null | undefined)[]; keys?: (string | null | undefined)[] }): Promise<void> {
  const jobs = [
    ...(files.images ?? []).filter((b): b is string => !!b).map((b) => deleteImageVariants(storage, b)),
    ...(files.keys ?? []).filter((k): k is string => !!k).map((k) => storage.delete(k)),
  ];
  await Promise.allSettled(jobs);
}
