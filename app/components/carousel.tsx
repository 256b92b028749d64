/**
 * A light carousel on CSS scroll-snap for the home page: looping autoplay that keeps going
 * after the shopper scrolls or presses an arrow, previous/next arrows, and as many slides as
 * fit — 1 below 640 px, 2 at 640, 3 at 768, 6 at 1024 (banners: always 1). Written by
 * hand instead of a carousel library to keep the home page inside its JavaScript budget.
 *
 * Cheap phones: the page carries only the slides the widest screen shows at once (six), and the
 * rest join once the carousel comes on screen, so a phone parses and hydrates a fraction of the
 * home page's cards; slides nobody can see yet fetch no pictures (see Picture) until they are next;
 * autoplay runs only while the carousel is on screen, the page is shown, no mouse rests on it,
 * no keyboard focus is in it, and the shopper does not prefer reduced motion.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { CAROUSEL_COLUMNS, initialSlideFrom, type Columns } from '../lib/images';
import { SlideContext } from './picture';
import { Icon } from './icons';

const SINGLE: Columns = [[0, 1]];
/** Slides in the server's page: as many as the widest layout shows at once. */
export const FIRST_SLIDES = Math.max(...CAROUSEL_COLUMNS.map(([, n]) => n));
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export interface AutoplayState {
  onScreen: boolean;
  hidden: boolean;
  hovered: boolean;
  focused: boolean;
  reducedMotion: boolean;
}

/** Autoplay moves slides only while someone can see them and nobody is reading or asked for stillness. */
export function shouldAutoplay(s: AutoplayState): boolean {
  return s.onScreen && !s.hidden && !s.hovered && !s.focused && !s.reducedMotion;
}

/** How many slides (from the first) may load their pictures: the visible ones, and the next one while autoplay is about to show it. */
export function slidesToLoad({ first, visible, playing, total }: { first: number; visible: number; playing: boolean; total: number }): number {
  return Math.min(total, Math.max(0, first) + Math.max(1, visible) + (playing ? 1 : 0));
}

/** One slide on (or back): the loop wraps at either end; with reduced motion it jumps instead of gliding. */
function step(el: HTMLElement, dir: 1 | -1) {
  const width = (el.firstElementChild as HTMLElement | null)?.offsetWidth || el.clientWidth;
  const max = el.scrollWidth - el.clientWidth;
  if (max <= 0) return;
  let left = el.scrollLeft + dir * width;
  if (dir > 0 && el.scrollLeft >= max - 2) left = 0;
  else if (dir < 0 && el.scrollLeft <= 2) left = max;
  el.scrollTo({ left, behavior: window.matchMedia(REDUCED_MOTION).matches ? 'auto' : 'smooth' });
}

export function Carousel({ slides, interval, single = false, label }: { slides: ReactNode[]; interval: number; single?: boolean; label: string }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const ref = useRef<HTMLUListElement>(null);
  // Slides below `reach` load their pictures; before the carousel is measured, `initialSlideFrom` decides.
  const [reach, setReach] = useState(0);
  const [complete, setComplete] = useState(slides.length <= FIRST_SLIDES);
  const reached = useRef(0);
  const columns = single ? SINGLE : CAROUSEL_COLUMNS;

  useEffect(() => {
    const root = box.current;
    const list = ref.current;
    if (!root || !list) return;
    const reduced = window.matchMedia(REDUCED_MOTION);
    // A mouse already resting on the carousel when the page hydrates sends no pointerenter.
    const state = { onScreen: false, hovered: root.matches(':hover'), focused: false };
    let timer: number | undefined;
    const playing = () => shouldAutoplay({ ...state, hidden: document.hidden, reducedMotion: reduced.matches });

    const measure = () => {
      const width = (list.firstElementChild as HTMLElement | null)?.offsetWidth;
      if (!width) return;
      const n = slidesToLoad({
        first: Math.floor(list.scrollLeft / width + 0.01),
        visible: Math.round(list.clientWidth / width),
        playing: playing(),
        total: list.childElementCount,
      });
      if (n > reached.current) setReach((reached.current = n));
    };
    const sync = () => {
      measure();
      const run = playing();
      if (run && timer === undefined) timer = window.setInterval(() => step(list, 1), interval);
      else if (!run && timer !== undefined) {
        window.clearInterval(timer);
        timer = undefined;
      }
    };
    const io = new IntersectionObserver(([entry]) => {
      state.onScreen = entry?.isIntersecting ?? false;
      if (state.onScreen) setComplete(true);
      sync();
    });
    io.observe(root);
    const hover = (on: boolean) => (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      state.hovered = on;
      sync();
    };
    const enter = hover(true);
    const leave = hover(false);
    // Keyboard users reading a slide are not pulled away from it (a mouse click on an arrow is not that).
    const focusIn = (e: FocusEvent) => {
      state.focused = e.target instanceof Element && e.target.matches(':focus-visible');
      sync();
    };
    const focusOut = (e: FocusEvent) => {
      if (!(e.relatedTarget instanceof Node && root.contains(e.relatedTarget))) state.focused = false;
      sync();
    };
    root.addEventListener('pointerenter', enter);
    root.addEventListener('pointerleave', leave);
    root.addEventListener('focusin', focusIn);
    root.addEventListener('focusout', focusOut);
    list.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    document.addEventListener('visibilitychange', sync);
    reduced.addEventListener('change', sync);
    return () => {
      window.clearInterval(timer);
      io.disconnect();
      root.removeEventListener('pointerenter', enter);
      root.removeEventListener('pointerleave', leave);
      root.removeEventListener('focusin', focusIn);
      root.removeEventListener('focusout', focusOut);
      list.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      document.removeEventListener('visibilitychange', sync);
      reduced.removeEventListener('change', sync);
    };
  }, [interval]);

  // The basis classes and CAROUSEL_COLUMNS (lib/images.ts) describe the same layout.
  const basis = single ? 'basis-full' : 'basis-full sm:basis-1/2 md:basis-1/3 lg:basis-1/6';
  return (
    <div ref={box} className="relative" role="region" aria-roledescription="carousel" aria-label={label}>
      <ul ref={ref} className={`no-scrollbar flex snap-x snap-mandatory overflow-x-auto ${single ? '' : '-mx-1.5'}`}>
        {(complete ? slides : slides.slice(0, FIRST_SLIDES)).map((slide, i) => {
          const from = initialSlideFrom(i, columns);
          return (
            <li key={i} className={`shrink-0 snap-start ${basis} ${single ? '' : 'px-1.5'}`} aria-roledescription="slide">
              <SlideContext.Provider value={{ load: i < reach || from === 0, from }}>{slide}</SlideContext.Provider>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => ref.current && step(ref.current, -1)} aria-label={t('আগেরটি', 'Previous')} className="arrow left-1">
        <Icon n="left" sm />
      </button>
      <button type="button" onClick={() => ref.current && step(ref.current, 1)} aria-label={t('পরেরটি', 'Next')} className="arrow right-1">
        <Icon n="right" sm />
      </button>
    </div>
  );
}
