/**
 * Curated lists as the back office writes them (`/api/list/`, manager+): a list and its product
 * ids in order, written together in one transaction. An unknown product answers 400 naming its
 * place in `products`; a slug another list has answers 409 on `slug`. The products themselves
 * are the catalogue's: only their ids are kept here, checked through its face.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CuratedListTable, DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { badRequest, HttpError, notFound, type FieldErrors } from '../http/errors';
import type { Page } from '../http/pagination';
import type { StockSummary } from '../catalog/service';
import { LIST_MESSAGES, listPatchSchema, listSchema, type CuratedList, type ListInput } from '../../domain/lists';

export interface ListStoreDeps {
  /** Which of these products exist, with their titles (the catalogue's `stock.summaries`). */
  summaries(ids: readonly number[]): Promise<StockSummary[]>;
  /** Called after every write: what the storefront remembers of lists is stale. */
  changed(): void;
}

type Row = Selectable<CuratedListTable>;

const isoOrNull = (moment: string | null) => (moment === null ? null : new Date(moment).toISOString());

export function toCuratedList(row: Row, products: number[]): CuratedList {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    title_en: row.title_en,
    products,
    starts_at: isoOrNull(row.starts_at),
    ends_at: isoOrNull(row.ends_at),
    is_active: row.is_active === 1,
    show_on_home: row.show_on_home === 1,
    home_position: row.home_position,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function toColumns(l: ListInput) {
  return {
    slug: l.slug,
    title: l.title,
    title_en: l.title_en,
    starts_at: isoOrNull(l.starts_at),
    ends_at: isoOrNull(l.ends_at),
    is_active: l.is_active ? 1 : 0,
    show_on_home: l.show_on_home ? 1 : 0,
    home_position: l.home_position,
  };
}

const slugTaken = () => new HttpError(409, LIST_MESSAGES.slugTaken, { slug: [LIST_MESSAGES.slugTaken] });

/** Each list's product ids in its order. */
export async function productIdsOf(db: Kysely<DB>, listIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(listIds.map((id) => [id, []]));
  if (!listIds.length) return out;
  const rows = await db.selectFrom('curated_list_products').select(['list_id', 'product_id']).where('list_id', 'in', [...listIds]).orderBy('list_id').orderBy('position').execute();
  for (const r of rows) out.get(r.list_id)?.push(r.product_id);
  return out;
}

export function createListStore(db: Kysely<DB>, deps: ListStoreDeps) {
  async function get(id: number): Promise<CuratedList | null> {
    const row = await db.selectFrom('curated_lists').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toCuratedList(row, (await productIdsOf(db, [id])).get(id)!) : null;
  }

  /** 400 naming each id the catalogue does not have, by its place in `products`. */
  async function checkProducts(ids: readonly number[]): Promise<void> {
    if (!ids.length) return;
    const known = new Set((await deps.summaries(ids)).map((p) => p.id));
    const errors: FieldErrors = {};
    ids.forEach((id, i) => {
      if (!known.has(id)) errors[`products.${i}`] = [LIST_MESSAGES.unknownProduct(id)];
    });
    if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  }

  /** Writes the list and its products together; a taken slug is 409, a product deleted meanwhile 400. */
  async function write(input: ListInput, id: number | null): Promise<number> {
    await checkProducts(input.products);
    try {
      const saved = await db.transaction().execute(async (trx) => {
        const now = nowIso();
        const listId =
          id === null
            ? (await trx.insertInto('curated_lists').values({ ...toColumns(input), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id
            : (await trx.updateTable('curated_lists').set({ ...toColumns(input), updated_at: now }).where('id', '=', id).returning('id').executeTakeFirst())?.id;
        if (listId === undefined) return null;
        await trx.deleteFrom('curated_list_products').where('list_id', '=', listId).execute();
        if (input.products.length) {
          await trx
            .insertInto('curated_list_products')
            .values(input.products.map((product_id, position) => ({ list_id: listId, product_id, position })))
            .execute();
        }
        return listId;
      });
      if (saved === null) throw notFound(LIST_MESSAGES.notFound);
      return saved;
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      if (isForeignKeyViolation(error)) throw badRequest(LIST_MESSAGES.product, { products: [LIST_MESSAGES.product] });
      throw error;
    } finally {
      deps.changed();
    }
  }

  return {
    get,

    /** Lists newest first, one page, optionally those whose title or slug holds `search`. */
    async list(q: { search?: string | undefined }, page: Page): Promise<{ count: number; results: CuratedList[] }> {
      let query = db.selectFrom('curated_lists');
      const term = q.search?.trim().toLowerCase();
      if (term) {
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or(['title', 'title_en', 'slug'].map((c) => eb(sql`lower(${sql.ref(c)})`, 'like', sql`${like} escape '\\'`))));
      }
      const [{ n }, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        query.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
      ]);
      const ids = await productIdsOf(db, rows.map((r) => r.id));
      return { count: Number(n), results: rows.map((r) => toCuratedList(r, ids.get(r.id)!)) };
    },

    async create(body: unknown): Promise<CuratedList> {
      return (await get(await write(listSchema.parse(body), null)))!;
    },

    /** PUT takes the list whole or in part (only the fields sent); the result is checked as a whole. */
    async update(id: number, body: unknown): Promise<CuratedList> {
      const current = await get(id);
      if (!current) throw notFound(LIST_MESSAGES.notFound);
      const sent = body && typeof body === 'object' ? Object.keys(body) : [];
      const patch = Object.fromEntries(Object.entries(listPatchSchema.parse(body)).filter(([key]) => sent.includes(key)));
      const { id: _id, created_at: _c, updated_at: _u, ...stored } = current;
      return (await get(await write(listSchema.parse({ ...stored, ...patch }), id)))!;
    },

    /** The list and its rows go; the products stay. */
    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('curated_lists').where('id', '=', id).executeTakeFirst();
      deps.changed();
      return Number(result.numDeletedRows) === 1;
    },

    /** The editor's rows: every product of the list, switched off or not, with its titles. */
    async editorItems(ids: readonly number[]): Promise<{ id: number; english_title: string; bangla_title: string; is_active: boolean }[]> {
      const found = new Map((await deps.summaries(ids)).map((p) => [p.id, p]));
      return ids.flatMap((id) => {
        const p = found.get(id);
        return p ? [{ id, english_title: p.english_title, bangla_title: p.bangla_title, is_active: p.is_active }] : [];
      });
    },
  };
}
