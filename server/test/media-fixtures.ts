/** Test helpers: hand-made multipart bodies, small real images, and a listing of stored media. */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

export interface FilePart {
  filename: string;
  content: Buffer;
  type?: string;
}

/** A multipart/form-data body and its headers, as a browser's FormData would send it. */
export function multipart(fields: Record<string, string | number | FilePart | undefined>, headers: Record<string, string> = {}) {
  const boundary = `----haat${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (typeof value === 'object') {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(value.content, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function pngBytes(width = 40, height = 30, color = '#c33'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export async function pngFile(filename = 'cover.png'): Promise<FilePart> {
  return { filename, content: await pngBytes(), type: 'image/png' };
}

/** A minimal real PDF. */
export function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A tiny PNG whose header claims `width`×`height` pixels (a decompression bomb's shape), cheap to make. */
export function hugePngHeader(width = 20000, height = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const idat = zlib.deflateSync(Buffer.alloc(width + 1)); // one row; the rest is missing
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** Every file under `$DATA_DIR/media`, relative to it, sorted. */
export function mediaFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'media');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

/** The files behind a media URL's image base (`/media/products/abc-detail.webp` → its three sizes). */
export function filesOfImageUrl(dataDir: string, url: string): string[] {
  const base = url.replace(/^\/media\//, '').replace(/-(thumb|card|detail)\.webp$/, '');
  return ['thumb', 'card', 'detail'].map((s) => path.join(dataDir, 'media', `${base}-${s}.webp`)).filter((f) => fs.existsSync(f));
}
