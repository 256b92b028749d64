/**
 * Images are stored as WebP in the sizes the pages use. A stored image is a base key
 * (`products/<random>`); its files are `<base>-<size>.webp`.
 */
import crypto from 'node:crypto';
import type Sharp from 'sharp';
import type { FileStorage } from './storage';

let sharpModule: Promise<typeof Sharp> | null = null;

/**
 * sharp (libvips), imported on the first picture, not at start: a server that is sent no upload
 * and has its demo shop drawn never maps it (about 8 MB resident). Its operation cache is off:
 * every picture is a new upload, so the cache only kept up to 50 MB of finished images alive.
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then((m) => {
    const sharp = (m as { default?: typeof Sharp }).default ?? (m as unknown as typeof Sharp);
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

export const IMAGE_SIZES = { thumb: 160, card: 360, detail: 720 } as const;
export const BANNER_SIZES = { thumb: 200, card: 720, detail: 1440 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
export type ImageKind = 'products' | 'authors' | 'publishers' | 'banners' | 'logos' | 'categories' | 'returns';

export function sizesFor(kind: ImageKind): Record<ImageSize, number> {
  return kind === 'banners' ? BANNER_SIZES : IMAGE_SIZES;
}

export function newKey(kind: ImageKind): string {
  return `${kind}/${crypto.randomBytes(12).toString('hex')}`;
}

export function variantKey(base: string, size: ImageSize): string {
  return `${base}-${size}.webp`;
}

export function imageUrls(storage: FileStorage, base: string | null): Record<ImageSize, string> | null {
  if (!base) return null;
  return {
    thumb: storage.url(variantKey(base, 'thumb')),
    card: storage.url(variantKey(base, 'card')),
    detail: storage.url(variantKey(base, 'detail')),
  };
}

export type ImageVariants = Record<ImageSize, Buffer>;

/**
 * Re-encodes an image into WebP in every size of its kind. The input is decoded once, scaled
 * to the largest size, and the smaller sizes are made from that (a big PNG costs one decode,
 * not three).
 */
export async function encodeImageVariants(kind: ImageKind, input: Buffer, opts: { limitInputPixels?: number; effort?: number } = {}): Promise<ImageVariants> {
  const sizes = (Object.entries(sizesFor(kind)) as [ImageSize, number][]).sort((a, b) => b[1] - a[1]);
  const largest = sizes[0]?.[1] ?? IMAGE_SIZES.detail;
  const sharp = await loadSharp();
  const { data, info } = await sharp(input, { limitInputPixels: opts.limitInputPixels ?? 40_000_000 })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const entries = await Promise.all(
    sizes.map(async ([size, width]) => {
      const out = await sharp(data, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78, effort: opts.effort ?? 4 })
        .toBuffer();
      return [size, out] as const;
    }),
  );
  return Object.fromEntries(entries) as ImageVariants;
}

/**
 * Stores encoded variants under a new key made by the server and returns it. If a write
 * fails, the files already written are removed again: nothing is left behind.
 */
export async function putImageVariants(storage: FileStorage, kind: ImageKind, variants: ImageVariants): Promise<string> {
  const base = newKey(kind);
  const written: string[] = [];
  try {
    for (const [size, data] of Object.entries(variants) as [ImageSize, Buffer][]) {
      const key = variantKey(base, size);
      // Counted before the put: a put that failed on a timeout may still have stored the object.
      written.push(key);
      await storage.put(key, data, 'image/webp');
    }
    return base;
  } catch (error) {
    await Promise.allSettled(written.map((k) => storage.delete(k)));
    throw error;
  }
}

export async function deleteImageVariants(storage: FileStorage, base: string | null): Promise<void> {
  if (!base) return;
  await Promise.all((Object.keys(IMAGE_SIZES) as ImageSize[]).map((s) => storage.delete(variantKey(base, s))));
}
