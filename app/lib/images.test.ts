import { describe, expect, it } from 'vitest';
import { BANNER_SIZES as STORED_BANNER_WIDTHS, IMAGE_SIZES as STORED_WIDTHS } from '../../server/media/images';
import { BANNER_SIZES, BANNER_WIDTHS, CAROUSEL_CARD_SIZES, CAROUSEL_COLUMNS, GRID_CARD_SIZES, PICTURE_WIDTHS, columnSizes, initialSlideFrom, srcSetOf } from './images';

const set = { thumb: '/media/p/a-thumb.webp', card: '/media/p/a-card.webp', detail: '/media/p/a-detail.webp' };

/** The width a `sizes` list gives at a viewport width, evaluated as a browser would (min-width conditions, px and calc(vw ± px)). */
function widthAt(sizes: string, viewport: number): number {
  for (const part of sizes.split(/,\s*(?![^(]*\))/)) {
    const m = /^(?:\(min-width: (\d+)px\) )?(.+)$/.exec(part.trim());
    if (!m) throw new Error(part);
    if (m[1] && viewport < Number(m[1])) continue;
    const value = m[2] as string;
    const px = /^(\d+(?:\.\d+)?)px$/.exec(value);
    if (px) return Number(px[1]);
    const calc = /^(?:calc\()?(\d+(?:\.\d+)?)vw(?: ([-+]) (\d+(?:\.\d+)?)px\))?$/.exec(value);
    if (!calc) throw new Error(value);
    const sign = calc[2] === '-' ? -1 : 1;
    return (Number(calc[1]) / 100) * viewport + sign * Number(calc[3] ?? 0);
  }
  throw new Error('no default size');
}

describe('stored sizes', () => {
  it('the pages name the widths the server stores (products and the rest; banners)', () => {
    expect(PICTURE_WIDTHS).toEqual(STORED_WIDTHS);
    expect(BANNER_WIDTHS).toEqual(STORED_BANNER_WIDTHS);
  });
});

describe('srcSetOf', () => {
  it('lists every stored size with its width descriptor, smallest first', () => {
    expect(srcSetOf(set)).toBe('/media/p/a-thumb.webp 160w, /media/p/a-card.webp 360w, /media/p/a-detail.webp 720w');
    expect(srcSetOf(set, BANNER_WIDTHS)).toBe('/media/p/a-thumb.webp 200w, /media/p/a-card.webp 720w, /media/p/a-detail.webp 1440w');
  });
});

describe('columnSizes', () => {
  it('gives the laid-out width of a column in .wrap at each breakpoint, fixed from 1280 px', () => {
    const sizes = columnSizes([[0, 2], [640, 3], [1024, 4]], { gap: 12, inset: 16 });
    expect(sizes).toBe('(min-width: 1280px) 287px, (min-width: 1024px) calc(25vw - 33px), (min-width: 640px) calc(33.333vw - 34.667px), calc(50vw - 38px)');
  });

  it('a listing card on a 360 px phone is 142 px wide: two columns, 12 px gap, 16 px of .wrap padding each side, 8 px card padding', () => {
    expect(widthAt(GRID_CARD_SIZES, 360)).toBe((360 - 32 - 12) / 2 - 16);
  });

  it('a home carousel card on a 360 px phone fills the slide (one per view), less the card padding', () => {
    expect(widthAt(CAROUSEL_CARD_SIZES, 360)).toBe(360 - 32 - 16);
    // 6 per view on a desktop: (1248 + 12) / 6 − 12 − 16.
    expect(widthAt(CAROUSEL_CARD_SIZES, 1440)).toBe(182);
    expect(widthAt(CAROUSEL_CARD_SIZES, 1024)).toBeCloseTo((1024 - 32 + 12) / 6 - 28, 2);
    expect(widthAt(CAROUSEL_CARD_SIZES, 700)).toBeCloseTo((700 - 32 + 12) / 2 - 28, 2);
  });

  it('a banner is as wide as .wrap’s content: 100vw − 32px, 1248 px from 1280', () => {
    expect(BANNER_SIZES).toBe('(min-width: 1280px) 1248px, calc(100vw - 32px)');
    expect(widthAt(BANNER_SIZES, 360)).toBe(328);
  });

  it('the widths are continuous at each breakpoint where the column count does not change', () => {
    // At 1280 the fluid and the fixed width meet.
    expect(widthAt(GRID_CARD_SIZES, 1279.999)).toBeCloseTo(widthAt(GRID_CARD_SIZES, 1280), 1);
    expect(widthAt(BANNER_SIZES, 1279.999)).toBeCloseTo(widthAt(BANNER_SIZES, 1280), 1);
  });
});

describe('initialSlideFrom', () => {
  it('a carousel slide is among the first visible from the breakpoint where enough columns fit', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 11].map((i) => initialSlideFrom(i, CAROUSEL_COLUMNS))).toEqual([0, 640, 768, 1024, 1024, 1024, null, null]);
  });

  it('a one-slide carousel (banners) shows only its first slide before it is measured', () => {
    expect([0, 1, 2].map((i) => initialSlideFrom(i, [[0, 1]]))).toEqual([0, null, null]);
  });
});
