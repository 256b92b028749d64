import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { encodeImageVariants } from './images';

describe('encodeImageVariants', () => {
  it('makes WebP in each size of its kind from one decode, keeping the aspect ratio and transparency', async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } }).png().toBuffer();
    const variants = await encodeImageVariants('products', png);
    const sizes = Object.fromEntries(
      await Promise.all(Object.entries(variants).map(async ([k, buf]) => [k, await sharp(buf).metadata()] as const)),
    );
    expect(sizes.detail).toMatchObject({ format: 'webp', width: 720, height: 360, hasAlpha: true });
    expect(sizes.card).toMatchObject({ format: 'webp', width: 360, height: 180 });
    expect(sizes.thumb).toMatchObject({ format: 'webp', width: 160, height: 80 });
    const banner = await encodeImageVariants('banners', png);
    expect((await sharp(banner.detail).metadata()).width).toBe(1440);
  });

  it('never enlarges a small image', async () => {
    const png = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#fff' } }).png().toBuffer();
    const variants = await encodeImageVariants('products', png);
    for (const buf of Object.values(variants)) expect((await sharp(buf).metadata()).width).toBe(100);
  });

  it('turns a phone photo upright from its EXIF orientation', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#08f' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const variants = await encodeImageVariants('products', jpeg);
    expect(await sharp(variants.detail).metadata()).toMatchObject({ width: 200, height: 400 });
  });
});
