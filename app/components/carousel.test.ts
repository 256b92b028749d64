import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Carousel, FIRST_SLIDES, shouldAutoplay, slidesToLoad, type AutoplayState } from './carousel';

const watching: AutoplayState = { onScreen: true, hidden: false, hovered: false, focused: false, reducedMotion: false };

describe('shouldAutoplay', () => {
  it('plays while the carousel is on screen in a shown page, with nobody resting on it', () => {
    expect(shouldAutoplay(watching)).toBe(true);
  });

  it('stops while the carousel is off screen, the page is hidden, a mouse rests on it or keyboard focus is in it', () => {
    expect(shouldAutoplay({ ...watching, onScreen: false })).toBe(false);
    expect(shouldAutoplay({ ...watching, hidden: true })).toBe(false);
    expect(shouldAutoplay({ ...watching, hovered: true })).toBe(false);
    expect(shouldAutoplay({ ...watching, focused: true })).toBe(false);
  });

  it('never plays when the shopper prefers reduced motion', () => {
    expect(shouldAutoplay({ ...watching, reducedMotion: true })).toBe(false);
  });
});

describe('slidesToLoad', () => {
  it('loads the visible slides, and the next one only while autoplay is about to show it', () => {
    expect(slidesToLoad({ first: 0, visible: 1, playing: false, total: 12 })).toBe(1);
    expect(slidesToLoad({ first: 0, visible: 1, playing: true, total: 12 })).toBe(2);
    expect(slidesToLoad({ first: 3, visible: 6, playing: true, total: 12 })).toBe(10);
  });

  it('never counts past the last slide, and always at least one', () => {
    expect(slidesToLoad({ first: 6, visible: 6, playing: true, total: 12 })).toBe(12);
    expect(slidesToLoad({ first: 0, visible: 0, playing: false, total: 3 })).toBe(1);
  });
});

describe('the server-rendered carousel', () => {
  const slides = (n: number) => Array.from({ length: n }, (_, i) => createElement('span', { key: i }, `slide ${i}`));
  const rendered = (n: number) => renderToStaticMarkup(createElement(Carousel, { slides: slides(n), interval: 1000, label: 'x' })).match(/aria-roledescription="slide"/g)?.length ?? 0;

  it('carries only as many slides as the widest screen shows at once; the rest join on screen', () => {
    expect(FIRST_SLIDES).toBe(6);
    expect(rendered(12)).toBe(FIRST_SLIDES);
  });

  it('carries every slide when there are no more than that', () => {
    expect(rendered(4)).toBe(4);
    expect(rendered(6)).toBe(6);
  });
});
