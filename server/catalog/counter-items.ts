/**
 * The counter's copy of the catalogue (issue 36; docs/counter.md): every active product's
 * counter fields — id, titles, ISBN key, the price a shopper pays, units on hand — as compact
 * rows, with the change counters they were read at. The counter screen keeps them in memory and
 * IndexedDB and asks again with the version it holds: an unchanged catalogue answers nothing
 * but "the same" (the route's 304), so a scan is looked up locally within milliseconds.
 */
import { stockOnSale } from '../../domain/preorders';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { unitPrice } from '../../domain/prices';
import { COUNTER_ITEM_FIELDS, type CounterItemRow } from '../../domain/counter';
import type { CatalogVersions } from './stock';

export interface CounterCatalogue {
  /** Changes with any title, price, activation (content) or stock change. */
  version: string;
  fields: typeof COUNTER_ITEM_FIELDS;
  items: CounterItemRow[];
}

/** The version of the counter's catalogue from the catalogue's change counters. */
export const counterVersion = (v: CatalogVersions) => `c${v.content}-s${v.stock}`;

export function createCounterItems(db: Kysely<DB>, versions: () => Promise<CatalogVersions>) {
  return {
    /** The version alone: one small read, what a screen asking "anything new?" costs. */
    version: async () => counterVersion(await versions()),

    /**
     * Every active product's counter fields. The counters are read first: a change landing
     * between the two reads shows in the rows and moves the counters past the version answered,
     * so the screen's next ask fetches again rather than keeping a stale copy.
     */
    async list(): Promise<CounterCatalogue> {
      const version = counterVersion(await versions());
      const rows = await db
        .selectFrom('products')
        .select(['id', 'bangla_title', 'english_title', 'isbn_key', 'regular_price', 'discount_price', 'units_stock', 'preorder_waiting'])
        .where('is_active', '=', 1)
        .orderBy('id')
        .execute();
      return {
        version,
        fields: COUNTER_ITEM_FIELDS,
        // The units on sale: those promised to waiting pre-orders never go over the counter.
        items: rows.map((r) => [r.id, r.bangla_title, r.english_title, r.isbn_key, unitPrice(r), stockOnSale({ units_stock: Number(r.units_stock), preorder_waiting: Number(r.preorder_waiting) })]),
      };
    },
  };
}
