/**
 * Labels and slips as PDFs, read back as a reader and a scanner would (server/test/pdf.ts): the
 * page sizes, eight labels to an A4 sheet, each barcode decoding to its order number, the text
 * carrying the number, the phone and the COD. No database: these run once, not per dialect.
 */
import sharp from 'sharp';
import { BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { readBars, readPdf } from '../test/pdf';
import { code128 } from './barcode';
import { renderLabels, type LabelData } from './labels';
import { renderSlips, type SlipData } from './slips';

const LABEL: LabelData = {
  id: 4711,
  shop: 'হাট বইঘর',
  name: 'Rahim Uddin',
  phones: '01711111111 / 01812345678',
  address: 'বাড়ি ১২, রোড ৩, মিরপুর, ঢাকা',
  cod: 1250,
  courier: 'Steadfast',
  consignment_id: '1424107',
  tracking_code: '15BAEB8A',
};

const labels = (n: number) => Array.from({ length: n }, (_, i) => ({ ...LABEL, id: LABEL.id + i, cod: LABEL.cod + i }));
/** The barcodes of a page: its groups of many bars (a frame or a shaded row is one rectangle). */
const barcodesOf = (page: { barGroups: [number, number][][] }) => page.barGroups.filter((g) => g.length > 10);

describe('labels PDF', () => {
  it('A4 holds eight labels a sheet: nine orders make two A4 pages, every barcode reads back as its order number', async () => {
    const pages = readPdf(await renderLabels(labels(9), 'a4'));
    expect(pages).toHaveLength(2);
    for (const p of pages) expect([p.width, p.height]).toEqual([595.28, 841.89]);
    expect(barcodesOf(pages[0]!).map(readBars)).toEqual(labels(8).map((l) => String(l.id)));
    expect(barcodesOf(pages[1]!).map(readBars)).toEqual(['4719']);
  });

  it('each label carries the shop, the recipient, the phone, the order number, the COD and the parcel codes as text', async () => {
    const [page] = readPdf(await renderLabels([LABEL], 'a4'));
    expect(page!.text).toContain('Rahim Uddin');
    expect(page!.text).toContain('01711111111 / 01812345678');
    expect(page!.text).toContain('4711');
    expect(page!.text).toContain('৳ 1,250');
    expect(page!.text).toContain('Steadfast');
    expect(page!.text).toContain('CN 1424107');
    expect(page!.text).toContain('Track 15BAEB8A');
    // Bengali text is written in the Bengali font and copies back as Bengali.
    expect(page!.text).toContain('ঢাকা');
  });

  it('A6 is one label a page at 105 × 148 mm, 4x6 one a page at 4 × 6 inch', async () => {
    const a6 = readPdf(await renderLabels(labels(3), 'a6'));
    expect(a6.map((p) => [p.width, p.height])).toEqual(Array(3).fill([297.64, 419.53]));
    expect(a6.map((p) => barcodesOf(p).map(readBars))).toEqual([['4711'], ['4712'], ['4713']]);
    const thermal = readPdf(await renderLabels(labels(2), '4x6'));
    expect(thermal.map((p) => [p.width, p.height])).toEqual([
      [288, 432],
      [288, 432],
    ]);
  });

  it('a parcel with nothing to collect says so; an order not booked says it is not booked', async () => {
    const [page] = readPdf(await renderLabels([{ ...LABEL, cod: 0, courier: null, consignment_id: null, tracking_code: null }], 'a6'));
    expect(page!.text).toContain('Paid');
    expect(page!.text).toContain('COD ৳ 0');
    expect(page!.text).toContain('not booked');
    expect(page!.text).not.toContain('CN ');
  });
});

describe('the barcode', () => {
  it("is what bwip-js encodes: bwip-js's own rendering of the order number reads back with zxing, with the same bars the PDF draws", async () => {
    const bwip = (await import('bwip-js/node')).default;
    const png = await bwip.toBuffer({ bcid: 'code128', text: '4711', scale: 3, height: 10, includetext: false, paddingwidth: 10, paddingheight: 4, backgroundcolor: 'FFFFFF' });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const argb = new Int32Array(info.width * info.height);
    for (let i = 0; i < argb.length; i++) argb[i] = (0xff << 24) | (data[i * 3]! << 16) | (data[i * 3 + 1]! << 8) | data[i * 3 + 2]!;
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(argb, info.width, info.height)));
    expect(new Code128Reader().decode(bitmap, new Map([[DecodeHintType.TRY_HARDER, true]])).getText()).toBe('4711');
    const bars = await code128('4711');
    const [drawn] = barcodesOf(readPdf(await renderLabels([LABEL], 'a6'))[0]!);
    // The PDF draws one rectangle per bar of bwip-js's encoding, in proportion.
    const barWidths = bars.widths.filter((_, i) => i % 2 === 0);
    expect(drawn!.length).toBe(barWidths.length);
    const module = drawn![0]![1] / barWidths[0]!;
    drawn!.forEach(([, w], i) => expect(w / module).toBeCloseTo(barWidths[i]!, 5));
  });
});

describe('packing slips PDF', () => {
  const SLIP: SlipData = {
    ...LABEL,
    created_at: '2026-11-27T08:05:00.000Z',
    lines: [
      { title: 'Clean Code', quantity: 2, total: 1800 },
      { title: 'পথের পাঁচালী', quantity: 1, total: 350 },
    ],
    staff_note: 'Call after 5 pm',
    customer_note: '',
    subtotal: 2150,
    delivery_charge: 60,
    discount_total: 0,
    total: 2210,
    paid: 0,
    cod: 2210,
  };

  it('one A4 slip per order: number and barcode, date, each line with its quantity and a box to tick, the note, totals and COD', async () => {
    const pages = readPdf(await renderSlips([SLIP, { ...SLIP, id: 4712 }]));
    expect(pages).toHaveLength(2);
    const [page] = pages;
    expect([page!.width, page!.height]).toEqual([595.28, 841.89]);
    expect(barcodesOf(page!).map(readBars)).toEqual(['4711']);
    expect(barcodesOf(pages[1]!).map(readBars)).toEqual(['4712']);
    for (const text of ['Order #4711', '27 Nov 2026, 14:05', 'Rahim Uddin', 'Clean Code', '× 2', '× 1', 'Call after 5 pm', '৳ 2,210']) expect(page!.text).toContain(text);
    expect(page!.outlines.filter(([w, h]) => w === 12 && h === 12)).toHaveLength(2);
  });

  it('a long order runs on to another page, every line with its box', async () => {
    const many = { ...SLIP, lines: Array.from({ length: 60 }, (_, i) => ({ title: `Book ${i + 1}`, quantity: 1, total: 100 })) };
    const pages = readPdf(await renderSlips([many]));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flatMap((p) => p.outlines.filter(([w, h]) => w === 12 && h === 12))).toHaveLength(60);
    expect(pages.map((p) => p.text).join('')).toContain('Book 60');
  });
});
