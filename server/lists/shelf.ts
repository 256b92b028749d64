/**
 * Curated lists as shoppers see them: a live list's products (`GET /api/list/{slug}/products/`
 * and `/list/{slug}`), the home page's list sections and the sitemap's list pages. A list is live
 * while switched on and inside its start and end (domain/lists.ts `isListLive`); otherwise it is
 * not found. Its products come from the catalogue's face, active ones only, in the list's order.
 *
 * The home page is the busiest page, so which lists it shows (and their first ids) are
 * remembered for HOME_TTL_MS, dropped at once by a write in this process; the product answers
 * themselves, stock included, are read every time.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Page } from '../http/pagination';
import type { ApiProduct } from '../catalog/service';
import { HOME_LISTS_MAX, LIST_SLUG, LIST_SLUG_MAX, isListLive, type CuratedList } from '../../domain/lists';
import { productIdsOf, toCuratedList } from './store';

/** Another process's list edit shows on this one's home page within this long. */
const HOME_TTL_MS = 15_000;

export interface ShelfDeps {
  /** Active products' answers in the ids' order, others skipped (the catalogue's `activeProductsInOrder`). */
  products(ids: readonly number[]): Promise<ApiProduct[]>;
}

/** What a shopper's page shows of a list. */
export type PublicList = Pick<CuratedList, 'id' | 'slug' | 'title' | 'title_en' | 'updated_at'>;
export interface HomeList extends PublicList {
  products: ApiProduct[];
}

const publicPart = ({ id, slug, title, title_en, updated_at }: CuratedList): PublicList => ({ id, slug, title, title_en, updated_at });

export function createShelf(db: Kysely<DB>, deps: ShelfDeps) {
  let home: { at: number; lists: CuratedList[]; perSection: number } | null = null;

  /** The lists switched on (and for the home page, marked for it), with their product ids; live ones are picked by the caller. */
  async function switchedOn(onHome: boolean): Promise<CuratedList[]> {
    let q = db.selectFrom('curated_lists').selectAll().where('is_active', '=', 1);
    if (onHome) q = q.where('show_on_home', '=', 1);
    const rows = await q.orderBy('home_position').orderBy('id', 'desc').execute();
    const ids = onHome ? await productIdsOf(db, rows.map((r) => r.id)) : new Map<number, number[]>();
    return rows.map((r) => toCuratedList(r, ids.get(r.id) ?? []));
  }

  /** The live list of this slug with its product ids, or null. */
  async function liveBySlug(slug: string, now: Date): Promise<CuratedList | null> {
    if (slug.length > LIST_SLUG_MAX || !LIST_SLUG.test(slug)) return null;
    const row = await db.selectFrom('curated_lists').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!row) return null;
    const list = toCuratedList(row, (await productIdsOf(db, [row.id])).get(row.id)!);
    return isListLive(list, now) ? list : null;
  }

  return {
    /** Forgets the remembered home lists (every list write calls it). */
    forget() {
      home = null;
    },

    /** A page of a live list's active products in its order and how many it shows; null when the list is not live (404). */
    async page(slug: string, page: Page, now = new Date()): Promise<{ list: PublicList; count: number; results: ApiProduct[] } | null> {
      const list = await liveBySlug(slug, now);
      if (!list) return null;
      // At most LIST_MAX_PRODUCTS, read by primary key: the inactive ones must be skipped before paging.
      const products = await deps.products(list.products);
      return { list: publicPart(list), count: products.length, results: products.slice(page.offset, page.offset + page.size) };
    },

    /** The home page's list sections: live lists marked for it, lowest position first, each with its first `perSection` active products (none: left out). */
    async homeSections(perSection: number, now = new Date()): Promise<HomeList[]> {
      if (!home || home.perSection !== perSection || Date.now() - home.at > HOME_TTL_MS) {
        home = { at: Date.now(), perSection, lists: await switchedOn(true) };
      }
      const lists = home.lists.filter((l) => isListLive(l, now)).slice(0, HOME_LISTS_MAX);
      if (!lists.length) return [];
      // A few more ids than shown, so a product switched off does not leave a section short.
      const heads = lists.map((l) => l.products.slice(0, perSection * 2));
      const cards = new Map((await deps.products(heads.flat())).map((p) => [p.id, p]));
      return lists
        .map((l, i) => ({ ...publicPart(l), products: heads[i]!.flatMap((id) => cards.get(id) ?? []).slice(0, perSection) }))
        .filter((l) => l.products.length > 0);
    },

    /** The live lists' pages for the sitemap. */
    async liveLists(now = new Date()): Promise<PublicList[]> {
      return (await switchedOn(false)).filter((l) => isListLive(l, now)).map(publicPart);
    },
  };
}
