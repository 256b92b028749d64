/**
 * A storefront picture: `srcset` over the stored WebP sizes with the `sizes` of its layout,
 * explicit width/height (no layout shift), lazy and async below the fold, eager (and high
 * priority) for the page's main picture. Inside a carousel slide nobody can see yet it has no
 * source at all, so no browser fetches it, until the carousel says the slide is about to show.
 */
import { createContext, useContext } from 'react';
import { PICTURE_WIDTHS, srcSetOf, type ImageSet, type Widths } from '../lib/images';

/**
 * What a carousel tells the pictures of one slide: `load` once the slide is visible or next;
 * before that, `from` is the viewport width (px) from which the slide is among the first ones
 * visible, so the server-rendered page loads them there by media query, with or without JavaScript.
 */
export interface SlideLoad {
  load: boolean;
  from: number | null;
}
export const SlideContext = createContext<SlideLoad | null>(null);

export function Picture({
  images,
  widths = PICTURE_WIDTHS,
  sizes,
  fallback,
  alt,
  width,
  height,
  className,
  eager = false,
  priority = false,
}: {
  images: ImageSet | null;
  widths?: Widths;
  sizes: string;
  /** Shown when there is no upload (a placeholder keeps the same box). */
  fallback: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
  /** The page's largest picture (its LCP): eager and fetched first. */
  priority?: boolean;
}) {
  const slide = useContext(SlideContext);
  const lazy = !eager && !priority;
  const attrs = { alt, width, height, className, loading: lazy ? 'lazy' : 'eager', decoding: lazy ? 'async' : undefined, fetchPriority: priority ? 'high' : undefined } as const;
  if (!images) return <img src={fallback} {...attrs} />;
  const srcSet = srcSetOf(images, widths);
  if (!slide) return <img src={images.card} srcSet={srcSet} sizes={sizes} {...attrs} />;
  // One shape whether the slide loads yet or not: React keeps the same <img> when it does.
  return (
    <picture className="contents">
      {slide.from ? <source media={`(min-width: ${slide.from}px)`} srcSet={srcSet} sizes={sizes} /> : null}
      <img src={slide.load ? images.card : undefined} srcSet={slide.load ? srcSet : undefined} sizes={slide.load ? sizes : undefined} {...attrs} />
    </picture>
  );
}
