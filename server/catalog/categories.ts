/**
 * The category tree. Names are unique among siblings only, so a name may stand for several
 * categories. Categories are few (hundreds at most): one read of (id, name, parent_id) builds
 * every tree and list. Every change to the tree runs alone (see treeChange), so two
 * concurrent moves can never build a cycle between them.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import type { DB } from '../db/schema';
import { lockTableForWriters, nowIso } from '../db/dialect';
import { conflict, notFound } from '../http/errors';
import type { Page } from '../http/pagination';
import type { CategoryForm } from '../../domain/catalog-forms';
import { commit, fail } from './files';
import { searchWords } from './search/name-words';
import type { Listed } from './api-product';

export interface ApiCategory {
  id: number;
  name: string;
  parent: number | null;
  parent_name: string | null;
  children_count: number;
  children?: ApiCategory[];
}

export function toApiCategory(row: { id: number; name: string; parent_id: number | null; parent_name: string | null; children_count: number | string | null }): ApiCategory {
  return { id: row.id, name: row.name, parent: row.parent_id, parent_name: row.parent_name, children_count: Number(row.children_count ?? 0) };
}

type CategoryRow = { id: number; name: string; parent_id: number | null };

/** Flat and nested views of the whole tree, from one read of every category. */
function categoryIndex(rows: CategoryRow[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<number, CategoryRow[]>();
  for (const r of rows) if (r.parent_id !== null) (children.get(r.parent_id) ?? children.set(r.parent_id, []).get(r.parent_id)!).push(r);
  const flat = (r: CategoryRow): ApiCategory =>
    toApiCategory({ ...r, parent_name: r.parent_id === null ? null : (byId.get(r.parent_id)?.name ?? null), children_count: children.get(r.id)?.length ?? 0 });
  const tree = (r: CategoryRow, seen = new Set<number>()): ApiCategory => {
    seen.add(r.id);
    return { ...flat(r), children: (children.get(r.id) ?? []).filter((c) => !seen.has(c.id)).map((c) => tree(c, seen)) };
  };
  return { flat, tree };
}

/** Whether `candidate` is `id` or lies below it. */
async function isSelfOrDescendant(q: Kysely<DB>, candidate: number, id: number): Promise<boolean> {
  let current: number | null = candidate;
  const seen = new Set<number>();
  while (current !== null && !seen.has(current)) {
    if (current === id) return true;
    seen.add(current);
    const row: { parent_id: number | null } | undefined = await q.selectFrom('categories').select('parent_id').where('id', '=', current).executeTakeFirst();
    current = row?.parent_id ?? null;
  }
  return false;
}

async function assertParentExists(q: Kysely<DB>, parent: number | null) {
  if (parent !== null && !(await q.selectFrom('categories').select('id').where('id', '=', parent).executeTakeFirst())) {
    fail({ parent: [`Parent category ${parent} does not exist.`] });
  }
}

async function assertNameFree(q: Kysely<DB>, name: string, parent: number | null, exceptId?: number) {
  let s = q.selectFrom('categories').select('id').where('name', '=', name);
  s = parent === null ? s.where('parent_id', 'is', null) : s.where('parent_id', '=', parent);
  if (exceptId !== undefined) s = s.where('id', '!=', exceptId);
  if (await s.executeTakeFirst()) throw conflict(`A category named “${name}” already exists there.`);
}

/**
 * The whole tree as read at a content version: what a category's shelf looks up (its name, the
 * categories below it, its own answer) without a query each.
 */
export interface CategorySnapshot {
  version: number;
  /** Every category of that name, oldest first. */
  named(name: string): CategoryRow[];
  /** Ids of a category and all its descendants. */
  descendantIds(id: number): number[];
  get(id: number): ApiCategory | null;
}

function snapshotOf(version: number, rows: CategoryRow[]): CategorySnapshot {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byName = new Map<string, CategoryRow[]>();
  const children = new Map<number, number[]>();
  for (const r of rows) {
    (byName.get(r.name) ?? byName.set(r.name, []).get(r.name)!).push(r);
    if (r.parent_id !== null) (children.get(r.parent_id) ?? children.set(r.parent_id, []).get(r.parent_id)!).push(r.id);
  }
  const { flat } = categoryIndex(rows);
  return {
    version,
    named: (name) => byName.get(name) ?? [],
    descendantIds(id) {
      const found = new Set<number>(byId.has(id) ? [id] : []);
      for (const at of found) for (const child of children.get(at) ?? []) found.add(child);
      return [...found];
    },
    get: (id) => {
      const row = byId.get(id);
      return row ? flat(row) : null;
    },
  };
}

const countOf = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) => Number((await q.executeTakeFirstOrThrow()).n);

export function createCategories(db: Kysely<DB>, dialect: DialectName) {
  const all = () => db.selectFrom('categories').select(['id', 'name', 'parent_id']).orderBy('id').execute();
  let snapshot: CategorySnapshot | null = null;

  async function get(id: number): Promise<ApiCategory | null> {
    const row = await db
      .selectFrom('categories as c')
      .leftJoin('categories as p', 'p.id', 'c.parent_id')
      .select(['c.id', 'c.name', 'c.parent_id', 'p.name as parent_name'])
      .select((eb) => eb.selectFrom('categories as k').select((e) => e.fn.countAll<number>().as('n')).whereRef('k.parent_id', '=', 'c.id').as('children_count'))
      .where('c.id', '=', id)
      .executeTakeFirst();
    return row ? toApiCategory(row) : null;
  }

  /** A change to the tree as one transaction that no other tree change interleaves with. */
  function treeChange<T>(fn: (trx: Kysely<DB>) => Promise<T>, messages: { unique?: string; foreign_key?: string }): Promise<T> {
    const write = () =>
      db.transaction().execute(async (trx) => {
        // The helper is typed for any schema; Kysely's types do not widen DB to unknown by themselves.
        await lockTableForWriters(trx, dialect, 'categories');
        return fn(trx);
      });
    return commit(null, write, messages);
  }

  return {
    get,

    /**
     * The tree at this content version (read by the caller before: a tree is never labelled
     * newer than what it read), from memory while the version is the same.
     */
    async snapshotAt(version: number): Promise<CategorySnapshot> {
      if (snapshot?.version === version) return snapshot;
      const made = snapshotOf(version, await all());
      if (!snapshot || version >= snapshot.version) snapshot = made;
      return made;
    },

    /** The tree last read, whatever the version now (the caller checks it; shelves.ts). */
    remembered: (): CategorySnapshot | null => snapshot,

    /** Ids of a category and all its descendants. */
    async descendantIds(categoryId: number): Promise<number[]> {
      const rows = await db
        .withRecursive('tree(id)', (qb) =>
          qb
            .selectFrom('categories')
            .select('id')
            .where('id', '=', categoryId)
            .unionAll((q) => q.selectFrom('categories').innerJoin('tree', 'tree.id', 'categories.parent_id').select('categories.id')),
        )
        .selectFrom('tree')
        .select('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Every category's parent (null at the top), for rules that cover a category's descendants (promotions); inside the caller's transaction when given one. */
    async parents(q: Kysely<DB> = db): Promise<Map<number, number | null>> {
      const rows = await q.selectFrom('categories').select(['id', 'parent_id']).execute();
      return new Map(rows.map((c) => [c.id, c.parent_id]));
    },

    /** Full list (flat); with `name`, those categories with nested children; with `search`, matching categories with nested children. */
    async list(q: { search?: string | undefined; name?: string | undefined }, page?: Page): Promise<Listed<ApiCategory>> {
      const rows = await all();
      const index = categoryIndex(rows);
      let results: ApiCategory[];
      if (q.name !== undefined) {
        results = rows.filter((r) => r.name === q.name).map((r) => index.tree(r));
      } else if (q.search !== undefined) {
        const words = searchWords(q.search).map((w) => w.toLowerCase());
        results = rows.filter((r) => words.every((w) => r.name.toLowerCase().includes(w))).map((r) => index.tree(r));
      } else {
        results = rows.map((r) => index.flat(r));
      }
      return { count: results.length, results: page ? results.slice(page.offset, page.offset + page.size) : results };
    },

    /** The first category of that name with everything below it. */
    async tree(name: string): Promise<ApiCategory | null> {
      const rows = await all();
      const first = rows.find((r) => r.name === name);
      return first ? categoryIndex(rows).tree(first) : null;
    },

    count: () => countOf(db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n'))),

    /** The one category of that name; a name shared by several categories is ambiguous. */
    async idByName(name: string): Promise<number> {
      const rows = await db.selectFrom('categories').select('id').where('name', '=', name).limit(5).execute();
      if (!rows[0]) throw notFound(`Category “${name}” not found.`);
      if (rows.length > 1) {
        throw conflict(`Several categories are named “${name}”; address it by id at /api/category/{id}/.`, { ids: rows.map((r) => r.id) });
      }
      return rows[0].id;
    },

    async create(form: CategoryForm) {
      const parent = form.parent ?? null;
      const id = await treeChange(
        async (trx) => {
          await assertParentExists(trx, parent);
          await assertNameFree(trx, form.name, parent);
          const row = await trx.insertInto('categories').values({ name: form.name, parent_id: parent, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
          return row.id;
        },
        { unique: `A category named “${form.name}” already exists there.`, foreign_key: 'The parent category was just removed.' },
      );
      return get(id);
    },

    async update(id: number, form: CategoryForm) {
      await treeChange(
        async (trx) => {
          const existing = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
          if (!existing) throw notFound('Category not found.');
          const parent = form.parent === undefined ? existing.parent_id : form.parent;
          await assertParentExists(trx, parent);
          if (parent !== null && (await isSelfOrDescendant(trx, parent, id))) {
            throw conflict('A category cannot be moved under itself or one of its own sub-categories.');
          }
          await assertNameFree(trx, form.name, parent, id);
          await trx.updateTable('categories').set({ name: form.name, parent_id: parent }).where('id', '=', id).execute();
        },
        { unique: `A category named “${form.name}” already exists there.`, foreign_key: 'The parent category was just removed.' },
      );
      return get(id);
    },

    /**
     * Deletes a category. One with sub-categories or products answers 409 unless `moveTo` names
     * the category they move to (not the category itself or one below it).
     */
    async remove(id: number, opts: { moveTo?: number | undefined } = {}) {
      const name = (await db.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirst())?.name ?? '';
      await treeChange(
        async (trx) => {
          const existing = await trx.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
          if (!existing) throw notFound('Category not found.');
          const children = await countOf(trx.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', '=', id));
          const products = await countOf(trx.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', id));
          const target = opts.moveTo;
          if ((children || products) && target === undefined) {
            throw conflict(
              `Category “${existing.name}” has ${children} sub-categories and ${products} products; move them to another category first (send ?move_to=<category id>).`,
              { children, products },
            );
          }
          if (target !== undefined) {
            if (!(await trx.selectFrom('categories').select('id').where('id', '=', target).executeTakeFirst())) fail({ move_to: [`Category ${target} does not exist.`] });
            if (await isSelfOrDescendant(trx, target, id)) throw conflict('Sub-categories and products cannot move into the category being deleted or one below it.');
            await trx.updateTable('categories').set({ parent_id: target }).where('parent_id', '=', id).execute();
            await trx.updateTable('products').set({ category_id: target, updated_at: nowIso() }).where('category_id', '=', id).execute();
          }
          await trx.deleteFrom('categories').where('id', '=', id).execute();
        },
        {
          unique: 'A sub-category of the same name already exists in the target category.',
          foreign_key: `Category “${name}” still has sub-categories or products; move them first.`,
        },
      );
      return { deleted: true };
    },
  };
}

export type Categories = ReturnType<typeof createCategories>;
