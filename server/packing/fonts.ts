/**
 * The labels' and slips' font: Noto Sans Bengali from @fontsource/noto-sans-bengali (already the
 * storefront's), in its WOFF files. The package splits the font by script: the `bengali` file
 * has the Bengali letters, signs, digits, danda and taka sign with their shaping tables (fontkit,
 * under pdfkit, forms the conjuncts and reorders the vowel signs), the `latin` file the Latin
 * letters, digits and punctuation. A text is written as runs, each in the file that has its
 * characters. WOFF, not WOFF2 (fontkit's WOFF2 reader fails on this font's composite glyphs),
 * unwrapped once into the plain font it holds.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

export type FontName = 'bn' | 'bn-bold' | 'latin' | 'latin-bold';

const FILES: Record<FontName, string> = {
  bn: 'noto-sans-bengali-bengali-400-normal.woff',
  'bn-bold': 'noto-sans-bengali-bengali-700-normal.woff',
  latin: 'noto-sans-bengali-latin-400-normal.woff',
  'latin-bold': 'noto-sans-bengali-latin-700-normal.woff',
};

let loaded: Record<FontName, Buffer> | null = null;

/**
 * A WOFF file as the plain OpenType (sfnt) font it wraps: each table inflated with zlib. fontkit
 * reads WOFF too, but inflates a table in JavaScript every time it reads it — half a second a
 * document; the plain font is read straight.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((d) => woff.readUInt32BE(at + d)) as [number, number, number, number, number];
    const raw = woff.subarray(offset, offset + compLength);
    return { tag, checksum, data: compLength < origLength ? zlib.inflateSync(raw) : raw };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const record = 12 + i * 16;
    header.writeUInt32BE(t.tag, record);
    header.writeUInt32BE(t.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(t.data.length, record + 12);
    // Each table starts on a four-byte boundary.
    const padded = Buffer.alloc(Math.ceil(t.data.length / 4) * 4);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** The four fonts, read and unwrapped once per process (about 300 kB in all) on the first PDF. */
export function fontFiles(): Record<FontName, Buffer> {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const read = (file: string) => woffToSfnt(fs.readFileSync(require.resolve(`@fontsource/noto-sans-bengali/files/${file}`)));
    loaded = Object.fromEntries(Object.entries(FILES).map(([name, file]) => [name, read(file)])) as Record<FontName, Buffer>;
  }
  return loaded;
}

/** Characters the Bengali file draws: the Bengali block, the Vedic signs it carries, ZWNJ/ZWJ, the dotted circle. */
function isBengali(cp: number): boolean {
  return (cp >= 0x0980 && cp <= 0x09ff) || cp === 0x0964 || cp === 0x0965 || cp === 0x200c || cp === 0x200d || cp === 0x25cc || (cp >= 0x1cd0 && cp <= 0x1cf7) || cp === 0x0951 || cp === 0x0952;
}

/** Neither script: spaces join the run they are in, so a line is not cut into runs at every word. */
const NEUTRAL = /\s/u;

export interface Run {
  text: string;
  bengali: boolean;
}

/** A text as runs of one file each: Bengali characters in one, everything else in the Latin file. */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs[runs.length - 1];
    const bengali = NEUTRAL.test(ch) && last ? last.bengali : isBengali(cp);
    if (last && last.bengali === bengali) last.text += ch;
    else runs.push({ text: ch, bengali });
  }
  return runs;
}

/** The font a run is written in. */
export function fontOf(run: Run, bold: boolean): FontName {
  if (run.bengali) return bold ? 'bn-bold' : 'bn';
  return bold ? 'latin-bold' : 'latin';
}
