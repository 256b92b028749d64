/**
 * Goods received from publishers and suppliers (`POST /api/stock/receipts/`): the receipt, its
 * lines, the stock each line adds (the catalogue's ledger: `receipt` movements, ref
 * `receipt:<id>`) and the purchase prices its unit costs set, all in one transaction. An unknown
 * product answers 400 naming its line, with nothing written. A product whose stock rises from 0
 * is announced to the back-in-stock requests after the commit, as a product PUT does.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import { badRequest, conflict, type FieldErrors } from '../http/errors';
import type { CatalogService } from '../catalog/service';
import { RECEIPT_MESSAGES, receiptSchema, receiptTotal, stockRef } from '../../domain/stock';

export interface ReceiptDeps {
  stock: Pick<CatalogService['stock'], 'summaries' | 'change' | 'setPurchasePrices'>;
  /** Names of the staff who recorded receipts (accounts). */
  userNames(ids: number[]): Promise<Map<number, string>>;
  /** The back-in-stock hook the catalogue calls after a product PUT (services.ts); must not throw. */
  onBackInStock?: ((productIds: number[]) => void) | undefined;
  /** Waiting pre-orders are filled from the stock received before anything else sees it (docs/preorders.md); must not throw. */
  onStockUp?: ((productIds: number[]) => Promise<void> | void) | undefined;
}

export interface ApiReceiptLine {
  product: number;
  title: string;
  quantity: number;
  unit_cost: number | null;
}

export interface ApiReceipt {
  id: number;
  supplier: string;
  reference: string;
  user: number | null;
  user_name: string | null;
  created_at: string;
  total_cost: number | null;
  lines: ApiReceiptLine[];
}

export function createReceipts(db: Kysely<DB>, deps: ReceiptDeps) {
  /** These receipts with their lines, titles and who recorded them, in the order given. */
  async function shaped(rows: { id: number; supplier: string; reference: string; user_id: number | null; created_at: string; total_cost: number | null }[]): Promise<ApiReceipt[]> {
    if (!rows.length) return [];
    const lines = await db.selectFrom('stock_receipt_lines').selectAll().where('receipt_id', 'in', rows.map((r) => r.id)).orderBy('receipt_id').orderBy('id').execute();
    const [products, names] = await Promise.all([
      deps.stock.summaries([...new Set(lines.map((l) => l.product_id))]),
      deps.userNames([...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))]),
    ]);
    const titles = new Map(products.map((p) => [p.id, p.english_title || p.bangla_title]));
    return rows.map((r) => ({
      id: r.id,
      supplier: r.supplier,
      reference: r.reference,
      user: r.user_id,
      user_name: r.user_id === null ? null : (names.get(r.user_id) ?? null),
      created_at: new Date(r.created_at).toISOString(),
      total_cost: r.total_cost === null ? null : Number(r.total_cost),
      lines: lines.filter((l) => l.receipt_id === r.id).map((l) => ({ product: l.product_id, title: titles.get(l.product_id) ?? '', quantity: l.quantity, unit_cost: l.unit_cost })),
    }));
  }

  const receiptColumns = ['id', 'supplier', 'reference', 'user_id', 'created_at', 'total_cost'] as const;

  async function get(id: number): Promise<ApiReceipt | null> {
    const row = await db.selectFrom('stock_receipts').select(receiptColumns).where('id', '=', id).executeTakeFirst();
    return row ? ((await shaped([row]))[0] ?? null) : null;
  }

  return {
    get,

    /** Receipts newest first, one page, and how many there are. */
    async list(page: { offset: number; size: number }): Promise<{ count: number; results: ApiReceipt[] }> {
      const [count, rows] = await Promise.all([
        db.selectFrom('stock_receipts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        db.selectFrom('stock_receipts').select(receiptColumns).orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
      ]);
      return { count: Number(count.n), results: await shaped(rows) };
    },

    /** Records a receipt by `userId`: 201 with it; 400 (per line) for an unknown product; 409 when a line would take a stock past its maximum. */
    async create(userId: number | null, body: unknown): Promise<ApiReceipt> {
      const input = receiptSchema.parse(body);
      const { id, cameBack } = await db.transaction().execute(async (trx) => {
        const known = new Set((await deps.stock.summaries([...new Set(input.lines.map((l) => l.product))], trx)).map((p) => p.id));
        const errors: FieldErrors = {};
        input.lines.forEach((l, i) => {
          if (!known.has(l.product)) errors[`lines.${i}.product`] = [RECEIPT_MESSAGES.unknownProduct(l.product)];
        });
        if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);

        const receipt = await trx
          .insertInto('stock_receipts')
          .values({ supplier: input.supplier, reference: input.reference ?? '', user_id: userId, created_at: nowIso(), total_cost: receiptTotal(input.lines) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('stock_receipt_lines')
          .values(input.lines.map((l) => ({ receipt_id: receipt.id, product_id: l.product, quantity: l.quantity, unit_cost: l.unit_cost ?? null })))
          .execute();
        const moved = await deps.stock.change(
          trx,
          input.lines.map((l) => ({ product: l.product, delta: l.quantity })),
          { reason: 'receipt', ref: stockRef.receipt(receipt.id), user: userId },
        );
        if (moved.refused) {
          const now = (await deps.stock.summaries([moved.refused.product], trx))[0]?.units_stock ?? 0;
          throw conflict(RECEIPT_MESSAGES.tooMuch(moved.refused.product, now), { product: moved.refused.product });
        }
        // The last cost given for a product is its purchase price.
        const costs = new Map(input.lines.flatMap((l) => (l.unit_cost === undefined || l.unit_cost === null ? [] : [[l.product, l.unit_cost] as const])));
        await deps.stock.setPurchasePrices(trx, [...costs].map(([product, price]) => ({ product, price })));

        // Stock up from 0: this transaction holds each product's row from its first change, so its stock before was the last result less all it added.
        const added = new Map<number, number>();
        for (const l of input.lines) added.set(l.product, (added.get(l.product) ?? 0) + l.quantity);
        const cameBack = [...moved.after].filter(([product, after]) => after.units_stock - added.get(product)! <= 0 && after.units_stock > 0 && after.is_active === 1).map(([product]) => product);
        return { id: receipt.id, cameBack };
      });
      await deps.onStockUp?.([...new Set(input.lines.map((l) => l.product))]);
      if (cameBack.length) deps.onBackInStock?.(cameBack);
      return (await get(id))!;
    },
  };
}
