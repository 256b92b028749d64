/**
 * The packing screen's pure parts (issue 35): an order as `POST /api/order/scan/` and
 * `POST /api/order/{id}/packed/` answer it, read leniently, and the print calls' addresses for
 * a list of orders, in batches the server takes (at most MAX_PRINT_IDS a call). Tested without
 * a browser.
 */
import { z } from 'zod';
import { LABEL_SIZES, MAX_PRINT_IDS, type LabelSize } from '../../../../domain/packing';

const text = z.string().nullish().catch(null).transform((v) => v ?? '');
const maybe = z.string().nullish().catch(null).transform((v) => v ?? null);
const packLineSchema = z.object({
  id: z.number(),
  product: z.number(),
  product_title: text,
  quantity: z.number(),
  isbn: text,
});
const packOrderSchema = z.object({
  id: z.number(),
  status: z.string(),
  name: text,
  phone_number: text,
  district: text,
  upazila_thana: text,
  delivery_address: text,
  courier: maybe,
  consignment_id: maybe,
  tracking_code: maybe,
  cod_amount: z.number().nullish().catch(null).transform((v) => v ?? null),
  total: z.number().catch(0),
  staff_note: text,
  packed_at: maybe,
  items: z.array(packLineSchema).catch([]),
});
export type PackOrder = z.infer<typeof packOrderSchema>;

/** The back office's way with words: Bengali first, English beside. */
export function bi(bn: string, en: string): string {
  return `${bn} · ${en}`;
}

/** An answer of the scan or packed call as the screen uses it; null when it is not an order. */
export function readPackOrder(body: unknown): PackOrder | null {
  const parsed = packOrderSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** Every unit of every line counted: what an order packed before starts with. */
export function countedAll(order: PackOrder): Record<number, number> {
  return Object.fromEntries(order.items.map((i) => [i.id, i.quantity]));
}

export interface PrintBatch {
  /** `#first–#last` when the list takes more than one batch, else ''. */
  label: string;
  labels: Record<LabelSize, string>;
  slips: string;
}

/** The labels' (each size) and slips' addresses for these orders, MAX_PRINT_IDS orders a batch. */
export function printBatches(ids: readonly number[]): PrintBatch[] {
  const batches: PrintBatch[] = [];
  for (let i = 0; i < ids.length; i += MAX_PRINT_IDS) {
    const part = ids.slice(i, i + MAX_PRINT_IDS);
    const list = part.join(',');
    batches.push({
      label: ids.length > MAX_PRINT_IDS ? `#${part[0]}–#${part[part.length - 1]}` : '',
      labels: Object.fromEntries(LABEL_SIZES.map((size) => [size, `/api/order/labels.pdf?ids=${list}&size=${size}`])) as Record<LabelSize, string>,
      slips: `/api/order/packing-slips.pdf?ids=${list}`,
    });
  }
  return batches;
}
