/**
 * The counts of product lists. Counts of big lists cost a scan of an index; they change only
 * when the catalogue's content does (a checkout moves only the stock counters, migration 0104),
 * so they are remembered per content version. A count with a limit reads at most limit + 1
 * matches: page 1 of a common word needs no more.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { productConditions, type ProductFilter } from './product-filter';
import type { SearchStrategy } from './search/strategy';

export function createListCounts(db: Kysely<DB>, search: SearchStrategy) {
  const counts = new Map<string, number>();
  let countsVersion = -1;
  /** A list's count, exact or (`limit`) capped: `version` is the content version read with its page. */
  async function countProducts(f: ProductFilter, limit: number | undefined, version: number): Promise<{ count: number; capped: boolean }> {
    const n = await countUpTo(f, limit, version);
    return limit !== undefined && n > limit ? { count: limit, capped: true } : { count: n, capped: false };
  }
  /** `version`: the content version read with the list's page (or its search plan's). */
  async function countUpTo(f: ProductFilter, limit: number | undefined, version: number): Promise<number> {
    if (version !== countsVersion) {
      counts.clear();
      countsVersion = version;
    }
    // A count of products in stock changes with every sale that empties a shelf: never remembered.
    // A plan by its phrase: the same plan remembered (`assumed`) or made anew counts the same.
    const key = f.inStock ? null : `${limit ?? ''}:${f.plan?.phrase ?? ''}\u0000${JSON.stringify({ ...f, plan: undefined })}`;
    const known = key === null ? undefined : counts.get(key);
    if (known !== undefined) return known;
    const matching = db.selectFrom('products').where((eb) => productConditions(search, eb, f));
    const row = await (limit === undefined
      ? matching.select((eb) => eb.fn.countAll<number>().as('n'))
      : db.selectFrom(matching.select('products.id').limit(limit + 1).as('m')).select((eb) => eb.fn.countAll<number>().as('n'))
    ).executeTakeFirstOrThrow();
    const n = Number(row.n);
    if (counts.size > 5000) counts.clear();
    if (key !== null) counts.set(key, n);
    return n;
  }

  return countProducts;
}
