/**
 * The counter's receipt (`GET /api/pos/sales/{id}/receipt`, issue 36): an HTML page for an 80 mm
 * thermal printer (72 mm printable), in the site's Bengali face so titles print as written;
 * `?print=1` opens the browser's print dialog at once (a script under the page's CSP nonce,
 * server/http/security-headers.ts). Times are Dhaka's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { COUNTER_METHOD_LABELS, type CounterPaymentMethod } from '../../../domain/counter';

const FONT_FILE = 'noto-sans-bengali-bengali-400-normal';

let fontUrl: string | undefined;
/**
 * The Bengali face: the client build's own hashed file (the back office has it cached already),
 * else — no build, as in the API tests — the package's file written into the page.
 */
export function receiptFontUrl(): string {
  if (fontUrl) return fontUrl;
  try {
    const assets = path.resolve(process.env.HAAT_BUILD_DIR ?? 'build', 'client/assets');
    const built = fs.readdirSync(assets).find((f) => f.startsWith(`${FONT_FILE}-`) && f.endsWith('.woff2'));
    if (built) return (fontUrl = `/assets/${built}`);
  } catch {
    /* no client build here */
  }
  const file = createRequire(import.meta.url).resolve(`@fontsource/noto-sans-bengali/files/${FONT_FILE}.woff2`);
  return (fontUrl = `data:font/woff2;base64,${fs.readFileSync(file).toString('base64')}`);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const taka = (n: number) => `৳${n.toLocaleString('en-IN')}`;

/** `12/02/2025 14:05` in Dhaka. */
export function dhakaTime(iso: string): string {
  const d = new Date(Date.parse(iso) + 6 * 3600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

export interface ReceiptData {
  shop: { name: string; address: string; phones: string[] };
  order: { id: number; created_at: string; subtotal: number; discount_total: number; total: number; tendered: number | null; change_due: number | null; stock_short: boolean; name: string; phone_number: string };
  method: string;
  seller: string;
  items: { title: string; quantity: number; unit_price: number; total: number; short: boolean }[];
}

export function receiptPage(r: ReceiptData, opts: { nonce: string; print: boolean }): string {
  const method = COUNTER_METHOD_LABELS[r.method as CounterPaymentMethod];
  const row = (label: string, value: string, cls = '') => `<tr class="${cls}"><td>${label}</td><td class="n">${value}</td></tr>`;
  const items = r.items
    .map(
      (i) =>
        `<tr><td colspan="2" class="t">${escapeHtml(i.title)}${i.short ? ' <b>[স্টক নেই]</b>' : ''}</td></tr>` +
        `<tr><td class="q">${i.quantity} × ${taka(i.unit_price)}</td><td class="n">${taka(i.total)}</td></tr>`,
    )
    .join('');
  const o = r.order;
  return `<!doctype html>
<html lang="bn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>রসিদ #${o.id} · ${escapeHtml(r.shop.name)}</title>
<style>
@font-face{font-family:'Noto Sans Bengali';font-weight:400;src:url('${receiptFontUrl()}') format('woff2')}
@page{size:80mm auto;margin:0}
*{box-sizing:border-box}
body{margin:0 auto;padding:3mm 4mm;width:80mm;font:12px/1.35 'Noto Sans Bengali',ui-monospace,'DejaVu Sans Mono',monospace;color:#000;background:#fff}
h1{font-size:15px;text-align:center;margin:0}
p{margin:0;text-align:center}
table{width:100%;border-collapse:collapse;margin-top:2mm}
td{padding:0;vertical-align:top}
.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.q{padding-left:3mm}
.sep td{border-top:1px dashed #000;padding-top:1mm}
.big td{font-size:14px;font-weight:700}
.note{margin-top:2mm;border:1px solid #000;padding:1mm;text-align:left}
.foot{margin-top:3mm}
@media screen{body{border:1px solid #ccc;margin-top:8px}}
</style></head>
<body data-testid="receipt" data-order-id="${o.id}">
<h1>${escapeHtml(r.shop.name)}</h1>
${r.shop.address ? `<p>${escapeHtml(r.shop.address)}</p>` : ''}
${r.shop.phones.length ? `<p>${r.shop.phones.map(escapeHtml).join(', ')}</p>` : ''}
<table>
${row('রসিদ · Receipt', `#${o.id}`, 'sep')}
${row('সময় · Time', dhakaTime(o.created_at))}
${r.seller ? row('বিক্রেতা · Seller', escapeHtml(r.seller)) : ''}
${o.phone_number ? row('ক্রেতা · Buyer', escapeHtml(o.phone_number)) : ''}
</table>
<table>
<tr class="sep"><td colspan="2"></td></tr>
${items}
${row('উপমোট · Subtotal', taka(o.subtotal), 'sep')}
${o.discount_total ? row('ছাড় · Discount', `−${taka(o.discount_total)}`) : ''}
${row('মোট · Total', taka(o.total), 'big')}
${row(`পরিশোধ · Paid (${method ? `${method.bn} / ${method.en}` : escapeHtml(r.method)})`, taka(o.tendered ?? o.total), 'sep')}
${row('ফেরত · Change', taka(o.change_due ?? 0))}
</table>
${o.stock_short ? '<p class="note">কিছু বইয়ের স্টক হিসাব মেলেনি — দোকান দেখে নেবে। (Some lines were short of stock; the shop will check.)</p>' : ''}
<p class="foot">ধন্যবাদ! · Thank you!</p>
${opts.print ? `<script nonce="${opts.nonce}">addEventListener('load',function(){document.fonts.ready.then(function(){print()})})</script>` : ''}
</body></html>`;
}
