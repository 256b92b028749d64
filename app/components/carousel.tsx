/**
 * A light carousel on CSS scroll-snap for the home page: looping autoplay that keeps going
 * after the shopper scrolls or presses an arrow, previous/next arrows, and as many slides as
 * fit — 1 below 640 px, 2 at 640, 3 at 768, 6 at 1024 (banners: always 1). Written by
 * hand instead of a carousel library to keep the home page inside its JavaScript budget.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { Icon } from './icons';

export function Carousel({ slides, interval, single = false, label }: { slides: ReactNode[]; interval: number; single?: boolean; label: string }) {
  const t = useT();
  const ref = useRef<HTMLUListElement>(null);
  const paused = useRef(false);

  function step(dir: 1 | -1) {
    const el = ref.current;
    if (!el) return;
    const width = (el.firstElementChild as HTMLElement | null)?.offsetWidth || el.clientWidth;
    const max = el.scrollWidth - el.clientWidth;
    if (max <= 0) return;
    let left = el.scrollLeft + dir * width;
    if (dir > 0 && el.scrollLeft >= max - 2) left = 0;
    else if (dir < 0 && el.scrollLeft <= 2) left = max;
    el.scrollTo({ left, behavior: 'smooth' });
  }

  useEffect(() => {
    const id = window.setInterval(() => {
      if (!document.hidden && !paused.current) step(1);
    }, interval);
    return () => window.clearInterval(id);
  }, [interval]);

  const basis = single ? 'basis-full' : 'basis-full sm:basis-1/2 md:basis-1/3 lg:basis-1/6';
  return (
    <div
      className="relative"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      // Keyboard users reading a slide are not pulled away from it.
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
    >
      <ul ref={ref} className={`no-scrollbar flex snap-x snap-mandatory overflow-x-auto ${single ? '' : '-mx-1.5'}`}>
        {slides.map((slide, i) => (
          <li key={i} className={`shrink-0 snap-start ${basis} ${single ? '' : 'px-1.5'}`} aria-roledescription="slide">
            {slide}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => step(-1)} aria-label={t('আগেরটি', 'Previous')} className="arrow left-1">
        <Icon n="left" sm />
      </button>
      <button type="button" onClick={() => step(1)} aria-label={t('পরেরটি', 'Next')} className="arrow right-1">
        <Icon n="right" sm />
      </button>
    </div>
  );
}
