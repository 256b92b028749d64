/**
 * Making a PDF for the packing desk: pdfkit, fontkit and the fonts (and bwip-js, barcode.ts) are
 * loaded on the first label or slip (a dynamic import: a server that never prints never holds
 * them), a document with the Bengali and Latin fonts registered, and text written in script runs (fonts.ts) — one line measured and
 * placed by hand (so it can be right-aligned or cut with an ellipsis), or a paragraph wrapped by
 * pdfkit and clipped to its box.
 */
import type PDFDocumentClass from 'pdfkit';
import type { create as createFont } from 'fontkit';
import { fontFiles, fontOf, scriptRuns, type FontName } from './fonts';

// Types only: the libraries themselves are imported on first use (load, below).
type PdfKitModule = typeof PDFDocumentClass;
export type Pdf = PDFKit.PDFDocument;
type FontObject = ReturnType<typeof createFont>;

interface Libraries {
  PDFDocument: PdfKitModule;
  /** The fonts read once by fontkit and shared by every document (each embeds its own subset). */
  fonts: [string, FontObject][];
}

let libraries: Promise<Libraries> | null = null;

/** pdfkit and the fonts, loaded once on first use. */
function load(): Promise<Libraries> {
  libraries ??= Promise.all([import('pdfkit'), import('fontkit')]).then(([pdfkit, fontkit]) => ({
    PDFDocument: ((pdfkit as { default?: PdfKitModule }).default ?? pdfkit) as PdfKitModule,
    fonts: Object.entries(fontFiles()).map(([name, data]) => [name, fontkit.create(data)] as [string, FontObject]),
  }));
  return libraries;
}

/** A new document, no page yet, with the four fonts registered. */
export async function newDocument(title: string): Promise<Pdf> {
  const { PDFDocument, fonts } = await load();
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: title, Producer: 'Haat', Creator: 'Haat' } });
  // pdfkit takes a font fontkit has read (its types name only paths and bytes).
  for (const [name, font] of fonts) doc.registerFont(name, font as unknown as Buffer);
  return doc;
}

/** The finished document as bytes. */
export function finish(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export interface LineStyle {
  size: number;
  bold?: boolean;
  /** The room the line has; a longer text is cut and ends in "…". */
  width: number;
  align?: 'left' | 'right' | 'center';
  color?: string;
}

function runWidth(doc: Pdf, font: FontName, size: number, text: string): number {
  return doc.font(font).fontSize(size).widthOfString(text);
}

/** The runs of `text` that fit in `width`, the last cut with an ellipsis when the whole does not. */
function fitted(doc: Pdf, text: string, style: LineStyle) {
  const bold = !!style.bold;
  const runs = scriptRuns(text).map((r) => ({ ...r, font: fontOf(r, bold) }));
  const widths = runs.map((r) => runWidth(doc, r.font, style.size, r.text));
  const total = widths.reduce((a, b) => a + b, 0);
  if (total <= style.width) return { runs, widths, total };
  const ellipsis = runWidth(doc, bold ? 'latin-bold' : 'latin', style.size, '…');
  const out: typeof runs = [];
  const outWidths: number[] = [];
  let used = 0;
  for (const [i, r] of runs.entries()) {
    if (used + widths[i]! + ellipsis <= style.width) {
      out.push(r);
      outWidths.push(widths[i]!);
      used += widths[i]!;
      continue;
    }
    // Cut this run by whole characters (a Bengali cluster may lose a sign: the line is cut anyway).
    const chars = [...r.text];
    while (chars.length && runWidth(doc, r.font, style.size, chars.join('')) + used + ellipsis > style.width) chars.pop();
    if (chars.length) {
      const part = chars.join('');
      out.push({ ...r, text: part });
      outWidths.push(runWidth(doc, r.font, style.size, part));
      used += outWidths[outWidths.length - 1]!;
    }
    break;
  }
  out.push({ text: '…', bengali: false, font: bold ? 'latin-bold' : 'latin' });
  outWidths.push(ellipsis);
  return { runs: out, widths: outWidths, total: used + ellipsis };
}

/** How wide `text` is in one line at `size`. */
export function textWidth(doc: Pdf, text: string, size: number, bold = false): number {
  return scriptRuns(text).reduce((sum, r) => sum + runWidth(doc, fontOf(r, bold), size, r.text), 0);
}

/** One line of text at (x, y), top-aligned, in script runs; never wraps. */
export function line(doc: Pdf, text: string, x: number, y: number, style: LineStyle): void {
  const { runs, widths, total } = fitted(doc, text, style);
  let at = style.align === 'right' ? x + style.width - total : style.align === 'center' ? x + (style.width - total) / 2 : x;
  doc.fillColor(style.color ?? 'black');
  for (const [i, r] of runs.entries()) {
    doc.font(r.font).fontSize(style.size).text(r.text, at, y, { lineBreak: false });
    at += widths[i]!;
  }
}

/**
 * A paragraph wrapped to `width` and clipped to `height` (what does not fit is cut off, never
 * drawn over the next field). Answers the height it took, at most `height`.
 */
export function paragraph(doc: Pdf, text: string, x: number, y: number, style: { size: number; bold?: boolean; width: number; height: number; lineGap?: number }): number {
  const runs = scriptRuns(text.replace(/\s+/g, ' ').trim());
  if (!runs.length) return 0;
  doc.save();
  doc.rect(x, y, style.width, style.height).clip();
  doc.fillColor('black');
  const options = { width: style.width, lineGap: style.lineGap ?? 0 };
  runs.forEach((r, i) => {
    doc.font(fontOf(r, !!style.bold)).fontSize(style.size);
    if (i === 0) doc.text(r.text, x, y, { ...options, continued: runs.length > 1 });
    else doc.text(r.text, { ...options, continued: i < runs.length - 1 });
  });
  const used = Math.min(style.height, doc.y - y);
  doc.restore();
  return used;
}

/** Taka as couriers read it: Latin digits, Indian grouping. */
const GROUPED = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
export function taka(amount: number): string {
  return `৳ ${GROUPED.format(Math.round(amount))}`;
}

/** An instant as a Dhaka date and time, e.g. "27 Nov 2026, 14:05". */
const DHAKA_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
export function dhakaDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : DHAKA_TIME.format(d);
}
