/**
 * Which stored picture a browser fetches. Uploads are stored as WebP in three widths (see
 * server/media/images.ts; a test keeps these numbers equal to the server's): `srcset` lists them
 * and `sizes` says how wide the picture is laid out at each breakpoint, so a 360 px phone at
 * DPR 2 fetches the smallest file that is sharp enough and no more.
 */
export interface ImageSet {
  thumb: string;
  card: string;
  detail: string;
}
export type Widths = Readonly<Record<keyof ImageSet, number>>;

/** Products, authors, publishers, logos, categories. */
export const PICTURE_WIDTHS: Widths = { thumb: 160, card: 360, detail: 720 };
export const BANNER_WIDTHS: Widths = { thumb: 200, card: 720, detail: 1440 };

export function srcSetOf(images: ImageSet, widths: Widths = PICTURE_WIDTHS): string {
  return (Object.keys(widths) as (keyof ImageSet)[])
    .sort((a, b) => widths[a] - widths[b])
    .map((size) => `${images[size]} ${widths[size]}w`)
    .join(', ');
}

/** From this viewport width (px) on, this many columns. Tailwind's sm/md/lg are 640/768/1024. */
export type Columns = readonly (readonly [minWidth: number, count: number])[];

/** The storefront's `.wrap`: max-w-7xl (1280 px) with px-4. */
const WRAP_MAX = 1280;
const WRAP_PADDING = 32;

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * `sizes` for a picture in one column of a grid (or carousel) laid out in `.wrap`: each column
 * is (container + gap) / n − gap wide, less `inset` (the card's own padding). Below 1280 px the
 * container is 100vw − 32px; from 1280 px on it is fixed. A carousel's slides (px-1.5 inside a
 * -mx-1.5 list) are laid out like a grid with a 12 px gap.
 */
export function columnSizes(columns: Columns, { gap, inset = 0 }: { gap: number; inset?: number }): string {
  const sorted = [...columns].sort((a, b) => b[0] - a[0]);
  const widest = sorted[0]?.[1] ?? 1;
  const fixed = (WRAP_MAX - WRAP_PADDING + gap) / widest - gap - inset;
  const fluid = (n: number) => {
    const minus = round((WRAP_PADDING - gap) / n + gap + inset);
    const vw = round(100 / n);
    return minus === 0 ? `${vw}vw` : minus > 0 ? `calc(${vw}vw - ${minus}px)` : `calc(${vw}vw + ${-minus}px)`;
  };
  const parts = [`(min-width: ${WRAP_MAX}px) ${Math.floor(fixed)}px`];
  for (const [min, n] of sorted) parts.push(min > 0 && min < WRAP_MAX ? `(min-width: ${min}px) ${fluid(n)}` : min === 0 ? fluid(n) : '');
  return parts.filter(Boolean).join(', ');
}

/** The home carousels: 1 slide below 640 px, 2 from 640, 3 from 768, 6 from 1024 (carousel.tsx's basis classes). */
export const CAROUSEL_COLUMNS: Columns = [
  [0, 1],
  [640, 2],
  [768, 3],
  [1024, 6],
];
/** The listings' ProductGrid: 2 columns on phones, 3 from 640, 4 from 1024 (5 on some pages, or a filter column beside it: narrower, so this is an upper bound). */
export const GRID_COLUMNS: Columns = [
  [0, 2],
  [640, 3],
  [1024, 4],
];

/** A product card's picture: the card has p-2 (8 px each side). */
export const CARD_INSET = 16;
export const GRID_CARD_SIZES = columnSizes(GRID_COLUMNS, { gap: 12, inset: CARD_INSET });
export const CAROUSEL_CARD_SIZES = columnSizes(CAROUSEL_COLUMNS, { gap: 12, inset: CARD_INSET });
/** A banner fills the (single-slide) carousel. */
export const BANNER_SIZES = columnSizes([[0, 1]], { gap: 0 });

/**
 * Before the browser has measured a carousel: the viewport width (px) from which slide `index`
 * is among the first visible ones (0: at every width), or null when it never is. The server
 * renders those slides' pictures behind `<source media="(min-width: …)">`, so a phone fetches
 * one slide and a desktop six, with or without JavaScript.
 */
export function initialSlideFrom(index: number, columns: Columns): number | null {
  const from = [...columns].sort((a, b) => a[0] - b[0]).find(([, n]) => n > index);
  return from ? from[0] : null;
}
