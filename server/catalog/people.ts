/**
 * Authors and publishers: the same shape in two tables, read and written the same way. A
 * person with books cannot be deleted (the books would lose their name); the admin gives the
 * books another person first.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import { isForeignKeyViolation } from '../db/errors';
import { conflict, notFound } from '../http/errors';
import type { Page } from '../http/pagination';
import type { FileStorage } from '../media/storage';
import { imageUrls } from '../media/images';
import { PendingFiles, removeFiles, type Upload } from '../media/uploads';
import type { PersonForm } from '../../domain/catalog-forms';
import { commit, storeImage } from './files';
import { searchWords } from './search/name-words';
import type { SearchStrategy } from './search/strategy';
import type { Listed } from './api-product';

export const PERSON_ORDERINGS = ['name', '-name', 'id', '-id'] as const;
export type PersonOrdering = (typeof PERSON_ORDERINGS)[number];

export type PersonTable = 'authors' | 'publishers';

export function toApiPerson(row: { id: number; name: string; description: string; image: string | null; alt_text: string }, storage: FileStorage) {
  const images = imageUrls(storage, row.image);
  return { id: row.id, name: row.name, description: row.description, image: images?.card ?? null, images, alt_text: row.alt_text || row.name };
}

export type ApiPerson = ReturnType<typeof toApiPerson>;

export function createPeople(db: Kysely<DB>, storage: FileStorage, search: SearchStrategy, table: PersonTable) {
  const noun = table === 'authors' ? 'author' : 'publisher';
  const missing = `${table === 'authors' ? 'Author' : 'Publisher'} not found.`;

  async function get(id: number): Promise<ApiPerson | null> {
    const row = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toApiPerson(row, storage) : null;
  }

  return {
    get,

    async list(q: { search?: string | undefined; ordering?: PersonOrdering | undefined }, page: Page): Promise<Listed<ApiPerson>> {
      const words = searchWords(q.search);
      const where = (eb: ExpressionBuilder<DB, PersonTable>) => eb.and(words.map((w) => search.like(`${table}.name`, `%${w}%`)));
      let rows = db.selectFrom(table).selectAll().where(where);
      const ordering = q.ordering ?? 'id';
      const dir = ordering.startsWith('-') ? 'desc' : 'asc';
      rows = ordering.endsWith('name') ? rows.orderBy('name', dir).orderBy('id', dir) : rows.orderBy('id', dir);
      const [count, results] = await Promise.all([
        db.selectFrom(table).where(where).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        rows.limit(page.size).offset(page.offset).execute(),
      ]);
      return { count: Number(count.n), results: results.map((r) => toApiPerson(r, storage)) };
    },

    /** Every person of that name (names are not unique), oldest first. */
    named(name: string) {
      return db.selectFrom(table).selectAll().where('name', '=', name).orderBy('id').execute();
    },

    /** The first `limit` people, for the home page. */
    async first(limit: number): Promise<ApiPerson[]> {
      const rows = await db.selectFrom(table).selectAll().orderBy('id').limit(limit).execute();
      return rows.map((r) => toApiPerson(r, storage));
    },

    async count(): Promise<number> {
      return Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    },

    async create(form: PersonForm, image?: Upload) {
      const pending = new PendingFiles(storage);
      const base = await storeImage(pending, table, image);
      const now = nowIso();
      const name = form.name ?? '';
      const row = await commit(pending, () =>
        db
          .insertInto(table as 'authors')
          .values({ name, description: form.description ?? '', image: base, alt_text: form.alt_text ?? name, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
      return get(row.id);
    },

    async update(id: number, form: PersonForm, image?: Upload) {
      const existing = await db.selectFrom(table as 'authors').selectAll().where('id', '=', id).executeTakeFirst();
      if (!existing) throw notFound(missing);
      const pending = new PendingFiles(storage);
      const base = await storeImage(pending, table, image);
      const name = form.name ?? existing.name;
      await commit(pending, () =>
        db
          .updateTable(table as 'authors')
          .set({
            name,
            description: form.description ?? existing.description,
            image: base ?? existing.image,
            alt_text: form.alt_text ?? (existing.alt_text || name),
            updated_at: nowIso(),
          })
          .where('id', '=', id)
          .execute(),
      );
      if (base) await removeFiles(storage, { images: [existing.image] });
      return get(id);
    },

    async remove(id: number) {
      const existing = await db.selectFrom(table as 'authors').select(['id', 'image']).where('id', '=', id).executeTakeFirst();
      if (!existing) throw notFound(missing);
      const column = table === 'authors' ? 'author_id' : 'publisher_id';
      const books = Number((await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', id).executeTakeFirstOrThrow()).n);
      const inUse = `This ${noun} has ${books} book(s); give them another ${noun} first.`;
      if (books > 0) throw conflict(inUse, { books });
      try {
        await db.deleteFrom(table as 'authors').where('id', '=', id).execute();
      } catch (error) {
        // A book given this person between the count and the delete.
        if (isForeignKeyViolation(error)) throw conflict(inUse);
        throw error;
      }
      await removeFiles(storage, { images: [existing.image] });
      return { deleted: true };
    },
  };
}

export type People = ReturnType<typeof createPeople>;
