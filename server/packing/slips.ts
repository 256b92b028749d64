/**
 * Packing slips as a PDF (`GET /api/order/packing-slips.pdf`): one A4 slip per order (a long
 * order runs on to the next page): the order number with its Code 128 barcode, the date, the
 * recipient, the courier, every line (title, quantity) with a box to tick, staff's and the
 * customer's notes, the totals and what the courier collects.
 */
import { code128, drawBars } from './barcode';
import { dhakaDateTime, finish, line, newDocument, paragraph, taka, type Pdf } from './pdf';
import { PAGE_SIZES } from './labels';

export interface SlipData {
  id: number;
  shop: string;
  created_at: string;
  name: string;
  phones: string;
  address: string;
  courier: string | null;
  consignment_id: string | null;
  tracking_code: string | null;
  lines: { title: string; quantity: number; total: number }[];
  staff_note: string;
  customer_note: string;
  subtotal: number;
  delivery_charge: number;
  discount_total: number;
  total: number;
  paid: number;
  cod: number;
}

const [PAGE_W, PAGE_H] = PAGE_SIZES.a4;
const MARGIN = 40;
const WIDTH = PAGE_W - 2 * MARGIN;
const BOTTOM = PAGE_H - MARGIN;
const QTY_W = 60;
const PRICE_W = 70;

async function header(doc: Pdf, s: SlipData): Promise<number> {
  let y = MARGIN;
  line(doc, s.shop, MARGIN, y, { size: 15, bold: true, width: WIDTH - 190 });
  line(doc, 'প্যাকিং স্লিপ · Packing slip', MARGIN, y + 22, { size: 10, width: WIDTH - 190, color: '#555555' });
  const bars = await code128(String(s.id));
  drawBars(doc, bars, PAGE_W - MARGIN - 180, y, 180, 38);
  line(doc, String(s.id), PAGE_W - MARGIN - 180, y + 40, { size: 10, bold: true, width: 180, align: 'center' });
  y += 60;
  line(doc, `অর্ডার · Order #${s.id}`, MARGIN, y, { size: 12, bold: true, width: WIDTH / 2 });
  line(doc, dhakaDateTime(s.created_at), MARGIN + WIDTH / 2, y, { size: 10, width: WIDTH / 2, align: 'right' });
  y += 20;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.6).strokeColor('#555555').stroke();
  y += 8;
  line(doc, s.name, MARGIN, y, { size: 12, bold: true, width: WIDTH });
  y += 17;
  line(doc, s.phones, MARGIN, y, { size: 11, width: WIDTH });
  y += 16;
  y += paragraph(doc, s.address, MARGIN, y, { size: 10, width: WIDTH, height: 42 }) + 4;
  const codes = [s.consignment_id ? `CN ${s.consignment_id}` : '', s.tracking_code && s.tracking_code !== s.consignment_id ? `Track ${s.tracking_code}` : ''].filter(Boolean).join(' · ');
  line(doc, s.courier ? `${s.courier}${codes ? ` · ${codes}` : ''}` : 'কুরিয়ার বুক হয়নি · Parcel not booked', MARGIN, y, { size: 10, bold: true, width: WIDTH });
  return y + 22;
}

function tableHead(doc: Pdf, y: number): number {
  doc.rect(MARGIN, y, WIDTH, 18).fillColor('#eeeeee').fill();
  line(doc, 'বই ও পণ্য · Item', MARGIN + 28, y + 3, { size: 9, bold: true, width: WIDTH - 28 - QTY_W - PRICE_W });
  line(doc, 'পরিমাণ · Qty', MARGIN + WIDTH - QTY_W - PRICE_W, y + 3, { size: 9, bold: true, width: QTY_W, align: 'right' });
  line(doc, 'মোট · Total', MARGIN + WIDTH - PRICE_W, y + 3, { size: 9, bold: true, width: PRICE_W, align: 'right' });
  return y + 24;
}

async function drawSlip(doc: Pdf, s: SlipData): Promise<void> {
  doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
  let y = tableHead(doc, await header(doc, s));
  const titleW = WIDTH - 28 - QTY_W - PRICE_W - 8;
  for (const l of s.lines) {
    if (y + 30 > BOTTOM) {
      doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
      line(doc, `#${s.id} (চলমান · continued)`, MARGIN, MARGIN, { size: 10, bold: true, width: WIDTH });
      y = tableHead(doc, MARGIN + 20);
    }
    doc.rect(MARGIN + 4, y, 12, 12).lineWidth(1).strokeColor('black').stroke();
    const used = paragraph(doc, l.title, MARGIN + 28, y - 1, { size: 10.5, width: titleW, height: 28 });
    line(doc, `× ${l.quantity}`, MARGIN + WIDTH - QTY_W - PRICE_W, y - 1, { size: 12, bold: true, width: QTY_W, align: 'right' });
    line(doc, taka(l.total), MARGIN + WIDTH - PRICE_W, y, { size: 10, width: PRICE_W, align: 'right' });
    y += Math.max(18, used + 6);
    doc.moveTo(MARGIN, y - 3).lineTo(MARGIN + WIDTH, y - 3).lineWidth(0.3).strokeColor('#bbbbbb').stroke();
  }
  // Notes and totals keep together: a new page when they do not fit under the lines.
  const notes = [s.staff_note && `স্টাফ নোট · Staff note: ${s.staff_note}`, s.customer_note && `ক্রেতার নোট · Customer's note: ${s.customer_note}`].filter(Boolean) as string[];
  if (y + 40 * notes.length + 120 > BOTTOM) {
    doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
    y = MARGIN;
  }
  y += 6;
  for (const note of notes) y += paragraph(doc, note, MARGIN, y, { size: 10, width: WIDTH, height: 36 }) + 6;
  const rows: [string, string, boolean][] = [
    ['উপমোট · Subtotal', taka(s.subtotal), false],
    ['ডেলিভারি · Delivery', taka(s.delivery_charge), false],
    ...(s.discount_total ? ([['ছাড় · Discount', `− ${taka(s.discount_total)}`, false]] as [string, string, boolean][]) : []),
    ['মোট · Total', taka(s.total), true],
    ['পরিশোধিত · Paid', taka(s.paid), false],
    ['ক্যাশ অন ডেলিভারি · COD', taka(s.cod), true],
  ];
  const labelX = MARGIN + WIDTH - 260;
  y += 4;
  for (const [label, value, bold] of rows) {
    line(doc, label, labelX, y, { size: bold ? 11 : 10, bold, width: 170 });
    line(doc, value, labelX + 170, y, { size: bold ? 12 : 10, bold, width: 90, align: 'right' });
    y += bold ? 18 : 15;
  }
}

/** The packing slips of these orders as one PDF, in the order given. */
export async function renderSlips(slips: readonly SlipData[]): Promise<Buffer> {
  const doc = await newDocument(`Packing slips (${slips.length})`);
  for (const s of slips) await drawSlip(doc, s);
  return finish(doc);
}
