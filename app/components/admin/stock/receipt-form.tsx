/**
 * Recording goods received from a publisher or supplier (`POST /api/stock/receipts/`): who sent
 * them, their invoice or challan number, and a line per product with the quantity and, when known,
 * the unit cost (which becomes the product's purchase price). Checked in the browser with the
 * server's own schema; the server's per-line messages show under each line.
 */
import { useState } from 'react';
import { receiptSchema, receiptTotal, RECEIPT_MESSAGES } from '../../../../domain/stock';
import type { FieldErrors } from '../../form/api';
import { Field, FieldError } from '../../form/field';
import { FormAlert } from '../../form/messages';
import { useApiForm } from '../../form/use-api-form';
import { formText } from '../../form/values';
import { Button, FormFoot } from '../buttons';
import { ProductPicker, type PickedProduct } from './product-picker';

export interface ReceiptLine extends PickedProduct {
  /** As typed. */
  quantity: string;
  unit_cost: string;
}

/** A whole number as typed; anything else is NaN, so the schema names the field. */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The request body: the lines as numbers, an empty unit cost left out, an empty reference too. */
export function receiptBody(supplier: string, reference: string, lines: readonly ReceiptLine[]) {
  return {
    supplier,
    ...(reference.trim() ? { reference } : {}),
    lines: lines.map((l) => ({ product: l.product, quantity: whole(l.quantity), ...(l.unit_cost.trim() ? { unit_cost: whole(l.unit_cost) } : {}) })),
  };
}

/** The schema's messages by their full path (`lines.0.quantity`), as the server names them. */
export function receiptErrors(body: unknown): FieldErrors {
  const result = receiptSchema.safeParse(body);
  const out: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.') || 'non_field_errors'] ??= [issue.message];
  return out;
}

/** One more product; one already listed gets one more unit instead. */
export function addLine(lines: readonly ReceiptLine[], p: PickedProduct): ReceiptLine[] {
  if (lines.some((l) => l.product === p.product)) return lines.map((l) => (l.product === p.product ? { ...l, quantity: String((whole(l.quantity) || 0) + 1) } : l));
  return [...lines, { ...p, quantity: '1', unit_cost: '' }];
}

export function ReceiptForm() {
  const [lines, setLines] = useState<ReceiptLine[]>([]);
  const form = useApiForm({
    method: 'POST',
    url: '/api/stock/receipts/',
    payload: (f) => receiptBody(formText(f, 'supplier'), formText(f, 'reference'), lines),
    validate: (body) => receiptErrors(body),
    onAnswer: (res) => {
      if (res.ok) setLines([]);
    },
    success: RECEIPT_MESSAGES.created,
    then: 'reload',
  });
  const e = form.errors;
  const set = (i: number, patch: Partial<ReceiptLine>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const total = receiptTotal(receiptBody('', '', lines).lines.filter((l) => Number.isFinite(l.quantity) && (l.unit_cost === undefined || Number.isFinite(l.unit_cost))));

  return (
    <form {...form.props} aria-label="Record a receipt" data-testid="receipt-form" className="grid gap-3">
      <FormAlert text={form.alert} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field name="supplier" label="সরবরাহকারী / প্রকাশক (Supplier or publisher)" required maxLength={200} errors={e} />
        <Field name="reference" label="চালান বা ইনভয়েস নং (Challan or invoice no., optional)" maxLength={200} errors={e} />
      </div>
      {lines.length === 0 ? (
        <p className="text-sm text-stone-600">এখনও কোনো পণ্য নেই (No product yet).</p>
      ) : (
        <ul className="divide-y divide-stone-100 rounded border border-stone-200" data-testid="receipt-lines">
          {lines.map((l, i) => (
            <li key={l.product} className="grid items-start gap-2 p-2 text-sm sm:grid-cols-[minmax(0,1fr)_7rem_8rem_auto]" data-testid="receipt-line" data-product-id={l.product}>
              <div className="min-w-0">
                <div className="truncate font-medium">{l.title}</div>
                <div className="text-xs text-stone-600">এখন স্টক (in stock now): {l.stock}</div>
                <FieldError errors={e} name={`lines.${i}.product`} />
              </div>
              <label className="grid gap-1">
                <span className="text-xs">পরিমাণ (Quantity)</span>
                <input type="number" inputMode="numeric" min={1} step={1} value={l.quantity} aria-label={`Quantity of ${l.title}`} className="rounded border border-stone-300 px-2 py-1 text-right" onChange={(ev) => set(i, { quantity: ev.currentTarget.value })} />
                <FieldError errors={e} name={`lines.${i}.quantity`} />
              </label>
              <label className="grid gap-1">
                <span className="text-xs">একক দাম ৳ (Unit cost)</span>
                <input type="number" inputMode="numeric" min={0} step={1} value={l.unit_cost} placeholder="—" aria-label={`Unit cost of ${l.title}`} className="rounded border border-stone-300 px-2 py-1 text-right" onChange={(ev) => set(i, { unit_cost: ev.currentTarget.value })} />
                <FieldError errors={e} name={`lines.${i}.unit_cost`} />
              </label>
              <Button size="sm" kind="danger" onClick={() => setLines((all) => all.filter((_, j) => j !== i))} aria-label={`Remove ${l.title}`}>
                বাদ (Remove)
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FieldError errors={e} name="lines" />
      <ProductPicker onPick={(p) => setLines((all) => addLine(all, p))} />
      <p className="text-sm" data-testid="receipt-total">
        মোট খরচ (Total cost): {total === null ? '—' : `৳ ${total.toLocaleString('en-IN')}`}
      </p>
      <FormFoot errors={e} busy={form.busy}>
        মাল গ্রহণ লিখুন (Record receipt)
      </FormFoot>
    </form>
  );
}
