/**
 * Code 128 barcodes for labels and slips: bwip-js (Barcode Writer in Pure PostScript, kept up to
 * date) encodes the text, and its bar widths are drawn as filled rectangles — vectors, sharp on a
 * 203 dpi thermal printer and on a laser sheet alike, and no image to embed per label.
 */
import type * as BwipModule from 'bwip-js/node';

// A type only: bwip-js itself is imported on first use (loadBwip, below).
type Bwip = typeof BwipModule;

let bwip: Promise<Bwip> | null = null;

/** bwip-js, imported once on first use. */
function loadBwip(): Promise<Bwip> {
  bwip ??= import('bwip-js/node').then((m) => ((m as { default?: Bwip }).default ?? m) as Bwip);
  return bwip;
}

/** Quiet zone each side, in modules (the standard asks 10). */
const QUIET_MODULES = 10;

export interface Bars {
  /** Widths in modules, bar first, then space, bar… (bwip-js's `sbs`). */
  widths: number[];
  /** The symbol's width in modules, quiet zones not included. */
  modules: number;
}

/** The bars of `text` in Code 128 (bwip-js picks code sets; digits pair up in set C). */
export async function code128(text: string): Promise<Bars> {
  const lib = await loadBwip();
  const [symbol] = lib.raw({ bcid: 'code128', text }) as { sbs: number[] }[];
  if (!symbol?.sbs) throw new Error(`bwip-js did not encode ${JSON.stringify(text)} as Code 128`);
  return { widths: symbol.sbs, modules: symbol.sbs.reduce((a, b) => a + b, 0) };
}

/** Draws the bars filling `width` (quiet zones inside it) at (x, y), `height` tall, in one fill; answers the module width used. */
export function drawBars(doc: PDFKit.PDFDocument, bars: Bars, x: number, y: number, width: number, height: number): number {
  const module = width / (bars.modules + 2 * QUIET_MODULES);
  let at = x + QUIET_MODULES * module;
  bars.widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(at, y, w * module, height);
    at += w * module;
  });
  doc.fillColor('black').fill();
  return module;
}
