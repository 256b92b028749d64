/**
 * Shipping labels as a PDF (`GET /api/order/labels.pdf`): per order the shop's name, the
 * recipient's name, phone and address, the COD amount, the courier with its consignment id and
 * tracking code, and a Code 128 barcode of the order number with the number under it. `a4`: eight
 * labels a sheet, 2 × 4 cells of 105 × 74 mm with dashed cut lines between them; `a6` (105 × 148
 * mm) and `4x6` (4 × 6 inch, thermal printers): one label a page. The same layout fills either
 * box: the top flows down from the shop's name, the courier, barcode and COD sit at the foot, and
 * the address takes the room between (cut off, never overlapping, when it is longer).
 */
import type { LabelSize } from '../../domain/packing';
import { code128, drawBars, type Bars } from './barcode';
import { finish, line, newDocument, paragraph, taka, textWidth, type Pdf } from './pdf';

/** Page sizes in points (1/72 inch): A4 and A6 as ISO 216 gives them, 4 × 6 inch. */
export const PAGE_SIZES: Record<LabelSize, readonly [number, number]> = {
  a4: [595.28, 841.89],
  a6: [297.64, 419.53],
  '4x6': [288, 432],
};

/** A4 sheets hold this many labels: two across, four down. */
export const LABELS_PER_SHEET = 8;
const COLUMNS = 2;
const ROWS = 4;
/** Between a cut line (or the page's edge) and the label's text: beyond most printers' unprintable margin. */
const PADDING = 14;

export interface LabelData {
  id: number;
  shop: string;
  name: string;
  phones: string;
  address: string;
  /** What the courier collects: 0 when nothing is due. */
  cod: number;
  /** The courier's name; null when the parcel is not booked yet. */
  courier: string | null;
  consignment_id: string | null;
  tracking_code: string | null;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function drawLabel(doc: Pdf, l: LabelData, bars: Bars, box: Box): void {
  const { x, w } = box;
  // A tall label (A6, 4 × 6 inch) writes larger; the A4 cell is the compact one.
  const s = box.h > 250 ? 1.3 : 1;
  let y = box.y;
  // The courier's name whole (up to 60 % of the width); the shop's name takes the rest.
  const courier = l.courier ?? 'বুক হয়নি · not booked';
  const courierW = Math.min(w * 0.6, textWidth(doc, courier, 9 * s, true));
  line(doc, l.shop, x, y, { size: 9 * s, bold: true, width: w - courierW - 8 });
  line(doc, courier, x + w - courierW, y, { size: 9 * s, bold: true, width: courierW, align: 'right' });
  y += 13 * s;
  doc.moveTo(x, y).lineTo(x + w, y).lineWidth(0.6).strokeColor('#555555').stroke();
  y += 4;
  line(doc, 'প্রাপক · To', x, y, { size: 7 * s, width: w, color: '#555555' });
  y += 9 * s;
  line(doc, l.name, x, y, { size: 12 * s, bold: true, width: w });
  y += 16 * s;
  line(doc, l.phones, x, y, { size: 11 * s, bold: true, width: w });
  y += 15 * s;

  // The foot, from the bottom up: the order number, the barcode and COD box, the parcel's codes.
  const barHeight = 42 * s;
  const numberSize = 9 * s;
  const bottom = box.y + box.h;
  const numberY = bottom - numberSize * 1.35;
  const barY = numberY - 2 - barHeight;
  const codesY = barY - 4 - 11 * s;
  paragraph(doc, l.address, x, y, { size: 9 * s, width: w, height: Math.max(0, codesY - 3 - y) });

  const codes = [l.consignment_id ? `CN ${l.consignment_id}` : '', l.tracking_code && l.tracking_code !== l.consignment_id ? `Track ${l.tracking_code}` : ''].filter(Boolean).join(' · ');
  line(doc, codes || 'Consignment: —', x, codesY, { size: 8 * s, bold: true, width: w });

  const barWidth = w * 0.56;
  drawBars(doc, bars, x, barY, barWidth, barHeight);
  line(doc, String(l.id), x, numberY, { size: numberSize, bold: true, width: barWidth, align: 'center' });

  const codX = x + barWidth + 6;
  const codW = w - barWidth - 6;
  doc.rect(codX, barY, codW, barHeight + numberSize * 1.35).lineWidth(1.2).strokeColor('black').stroke();
  const paid = l.cod <= 0;
  line(doc, paid ? 'পরিশোধিত · Paid' : 'ক্যাশ অন ডেলিভারি · COD', codX + 4, barY + 4, { size: 7 * s, width: codW - 8, align: 'center' });
  line(doc, paid ? 'COD ৳ 0' : taka(l.cod), codX + 4, barY + 6 + 10 * s, { size: (paid ? 12 : 16) * s, bold: true, width: codW - 8, align: 'center' });
}

/** Dashed lines where an A4 sheet is cut into its eight labels. */
function drawCutLines(doc: Pdf, [pw, ph]: readonly [number, number]): void {
  doc.save().lineWidth(0.5).strokeColor('#999999').dash(4, { space: 3 });
  for (let c = 1; c < COLUMNS; c++) doc.moveTo((pw / COLUMNS) * c, 0).lineTo((pw / COLUMNS) * c, ph);
  for (let r = 1; r < ROWS; r++) doc.moveTo(0, (ph / ROWS) * r).lineTo(pw, (ph / ROWS) * r);
  doc.stroke().undash().restore();
}

/** The labels of these orders as one PDF, in the order given. */
export async function renderLabels(labels: readonly LabelData[], size: LabelSize): Promise<Buffer> {
  const doc = await newDocument(`Labels (${labels.length})`);
  const page = PAGE_SIZES[size];
  const [pw, ph] = page;
  for (const [i, label] of labels.entries()) {
    const bars = await code128(String(label.id));
    if (size === 'a4') {
      const cell = i % LABELS_PER_SHEET;
      if (cell === 0) {
        doc.addPage({ size: [pw, ph], margin: 0 });
        drawCutLines(doc, page);
      }
      const cw = pw / COLUMNS;
      const ch = ph / ROWS;
      const cx = (cell % COLUMNS) * cw;
      const cy = Math.floor(cell / COLUMNS) * ch;
      drawLabel(doc, label, bars, { x: cx + PADDING, y: cy + PADDING, w: cw - 2 * PADDING, h: ch - 2 * PADDING });
    } else {
      doc.addPage({ size: [pw, ph], margin: 0 });
      drawLabel(doc, label, bars, { x: PADDING, y: PADDING, w: pw - 2 * PADDING, h: ph - 2 * PADDING });
    }
  }
  return finish(doc);
}
