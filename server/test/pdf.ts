/**
 * Reading back the PDFs the server makes (labels, packing slips), for tests: each page's size,
 * its text (glyphs mapped back to characters through each font's ToUnicode map, as a PDF reader
 * copies text), and its filled bar groups (a barcode drawn as rectangles), read back with zxing's
 * Code 128 reader. Understands what pdfkit writes: numbered objects, Flate streams, Type0 fonts.
 */
import zlib from 'node:zlib';
import { BitArray, Code128Reader, DecodeHintType } from '@zxing/library';

interface PdfObject {
  dict: string;
  stream: string | null;
}

export interface PdfPage {
  width: number;
  height: number;
  /** The page's text in drawing order, each text run apart from the next by nothing. */
  text: string;
  /** Every group of rectangles filled at once, as [x, width] pairs sorted by x: the barcodes. */
  barGroups: [number, number][][];
  /** Every rectangle outlined (stroked), as [width, height]: boxes to tick, frames. */
  outlines: [number, number][];
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const s = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  for (const m of s.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      out.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const raw = Buffer.from(body.slice(at + 'stream'.length).replace(/^\r?\n/, '').replace(/\r?\nendstream\s*$/, ''), 'latin1');
    out.set(Number(m[1]), { dict, stream: (dict.includes('/FlateDecode') ? zlib.inflateSync(raw) : raw).toString('latin1') });
  }
  return out;
}

const ref = (text: string, key: string) => {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(text);
  return m ? Number(m[1]) : null;
};

/** A ToUnicode CMap: glyph code → text. */
function cmapOf(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (h: string) => (h.match(/.{4}/g) ?? []).map((u) => String.fromCharCode(parseInt(u, 16))).join('');
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]*>)/g)) {
      const from = parseInt(m[1]!, 16);
      const to = parseInt(m[2]!, 16);
      if (m[3]!.startsWith('[')) [...m[3]!.matchAll(/<([0-9a-fA-F ]*)>/g)].forEach((h, i) => map.set(from + i, hexText(h[1]!.replace(/\s/g, ''))));
      else for (let c = from; c <= to; c++) map.set(c, String.fromCharCode(parseInt(m[3]!.slice(1, -1), 16) + (c - from)));
    }
  }
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) map.set(parseInt(m[1]!, 16), hexText(m[2]!));
  }
  return map;
}

function pageOf(objects: Map<number, PdfObject>, page: PdfObject): PdfPage {
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(page.dict)!;
  const resources = objects.get(ref(page.dict, 'Resources')!)!.dict;
  const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
  const fonts = new Map<string, Map<number, string>>();
  for (const m of fontDict.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
    const toUnicode = ref(objects.get(Number(m[2]))!.dict, 'ToUnicode');
    fonts.set(m[1]!, toUnicode === null ? new Map() : cmapOf(objects.get(toUnicode)!.stream!));
  }
  const content = objects.get(ref(page.dict, 'Contents')!)!.stream!;
  let text = '';
  let font = new Map<number, string>();
  const barGroups: [number, number][][] = [];
  let rects: [number, number][] = [];
  let sizes: [number, number][] = [];
  const outlines: [number, number][] = [];
  // Operators with their operands, one token at a time: enough for pdfkit's content streams.
  const tokens = content.match(/\[[^\]]*\]|<[0-9a-fA-F]*>|\/\w+|-?[\d.]+|[A-Za-z*']+/g) ?? [];
  const operands: string[] = [];
  const decode = (hex: string) => (hex.match(/.{4}/g) ?? []).map((g) => font.get(parseInt(g, 16)) ?? '').join('');
  for (const t of tokens) {
    if (!/^[A-Za-z*']+$/.test(t)) {
      operands.push(t);
      continue;
    }
    if (t === 'Tf') font = fonts.get(operands[operands.length - 2]!.slice(1)) ?? new Map();
    else if (t === 'TJ') text += [...operands[operands.length - 1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1]!)).join('');
    else if (t === 'Tj') text += decode(operands[operands.length - 1]!.slice(1, -1));
    else if (t === 're') {
      rects.push([Number(operands[operands.length - 4]), Number(operands[operands.length - 2])]);
      sizes.push([Number(operands[operands.length - 2]), Number(operands[operands.length - 1])]);
    } else if (t === 'f' || t === 'f*') {
      if (rects.length) barGroups.push(rects.sort((a, b) => a[0] - b[0]));
      rects = [];
      sizes = [];
    } else if (t === 'S' || t === 'n' || t === 'W') {
      if (t === 'S') outlines.push(...sizes);
      rects = [];
      sizes = [];
    }
    operands.length = 0;
  }
  return { width: Number(box[3]), height: Number(box[4]), text, barGroups, outlines };
}

/** The pages of a PDF, in order. */
export function readPdf(pdf: Buffer): PdfPage[] {
  const objects = objectsOf(pdf);
  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Pages\b/.test(o.dict))!;
  const kids = [.../\/Kids\s*\[([^\]]*)\]/.exec(catalog.dict)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  return kids.map((id) => pageOf(objects, objects.get(id)!));
}

/**
 * What a Code 128 scanner reads from one bar group: the bars laid on a row of pixels (four to
 * the narrowest bar, a quiet zone each side) and decoded by zxing. Throws when it does not read.
 */
export function readBars(bars: [number, number][]): string {
  const unit = Math.min(...bars.map(([, w]) => w)) / 4;
  const start = bars[0]![0];
  const quiet = 40;
  const end = bars[bars.length - 1]![0] + bars[bars.length - 1]![1];
  const row = new BitArray(Math.ceil((end - start) / unit) + 2 * quiet);
  for (const [x, w] of bars) {
    const from = quiet + Math.round((x - start) / unit);
    const to = quiet + Math.round((x + w - start) / unit);
    for (let p = from; p < to; p++) row.set(p);
  }
  return new Code128Reader().decodeRow(0, row, new Map([[DecodeHintType.PURE_BARCODE, true]])).getText();
}
