/**
 * Back-office writes to the catalogue (spec §7 "Admin writes", §4 offer rules, decisions §3.7–8):
 * products, authors, publishers, categories, logos and banners, with their media. Every write
 * stores its new files first, changes the database, and only then removes replaced files; when
 * the database change fails, the new files are removed again.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database';
import type { DB, ProductType } from '../db/schema';
import { nowIso } from '../db/dialect';
import { badRequest, conflict, notFound, type FieldErrors } from '../http/errors';
import type { FileStorage } from '../media/storage';
import { imageUrls } from '../media/images';
import { PendingFiles, imageVariantsFromUpload, pdfFromUpload, removeFiles, type Upload } from '../media/uploads';
import { OFFER_NONE, resolveOffer, type CategoryForm, type PersonForm, type ProductForm } from '../../domain/catalog-forms';
import { productQuery } from './service';
import { toApiPerson, toApiProduct, type ProductRow } from './serialize';

export interface ProductFiles {
  image?: Upload | undefined;
  pdf?: Upload | undefined;
}

type PersonTableName = 'authors' | 'publishers';

/** How the two databases name a violated constraint. */
function constraintKind(error: unknown): 'foreign_key' | 'unique' | 'check' | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreign_key';
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') return 'unique';
  if (code === '23514' || code === 'SQLITE_CONSTRAINT_CHECK') return 'check';
  return null;
}

function fail(errors: FieldErrors): never {
  throw badRequest(Object.values(errors)[0]?.[0] ?? 'Invalid input.', errors);
}

const NOUN: Record<PersonTableName, string> = { authors: 'author', publishers: 'publisher' };

export function createCatalogAdminService(db: Kysely<DB>, storage: FileStorage, dialect: DialectName = 'sqlite') {
  async function productById(id: number) {
    const row = (await productQuery(db).where('products.id', '=', id).executeTakeFirst()) as ProductRow | undefined;
    return row ? toApiProduct(row, storage, { admin: true }) : null;
  }

  /** Messages for chosen category, author and publisher ids that do not exist. */
  async function missingReferences(refs: { category?: number | undefined; author?: number | undefined; publisher?: number | undefined }): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    if (refs.category !== undefined && !(await db.selectFrom('categories').select('id').where('id', '=', refs.category).executeTakeFirst())) {
      errors.category = [`Category ${refs.category} does not exist.`];
    }
    if (refs.author !== undefined && !(await db.selectFrom('authors').select('id').where('id', '=', refs.author).executeTakeFirst())) {
      errors.author = [`Author ${refs.author} does not exist.`];
    }
    if (refs.publisher !== undefined && !(await db.selectFrom('publishers').select('id').where('id', '=', refs.publisher).executeTakeFirst())) {
      errors.publisher = [`Publisher ${refs.publisher} does not exist.`];
    }
    return errors;
  }

  /** Runs a database write; on any failure removes the request's new files and answers constraint failures as 4xx. */
  async function commit<T>(pending: PendingFiles, write: () => Promise<T>, messages: { foreign_key?: string; unique?: string } = {}): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await pending.discard();
      const kind = constraintKind(error);
      if (kind === 'foreign_key') throw conflict(messages.foreign_key ?? 'Something this refers to was just changed or removed; reload and try again.');
      if (kind === 'unique') throw conflict(messages.unique ?? 'That name is already taken.');
      if (kind === 'check') throw badRequest('A value is out of range.');
      throw error;
    }
  }

  /** Validates and stores the new image and PDF of a request; on a bad file removes what was stored. */
  async function storeProductFiles(pending: PendingFiles, files: ProductFiles): Promise<{ image?: string; pdf?: string }> {
    try {
      const out: { image?: string; pdf?: string } = {};
      // Check both files before writing either.
      const variants = files.image ? await imageVariantsFromUpload('products', files.image, 'image') : undefined;
      const pdf = files.pdf ? await pdfFromUpload(files.pdf, 'pdf') : undefined;
      if (variants) out.image = await pending.putImage('products', variants);
      if (pdf) out.pdf = await pending.putPdf(pdf);
      return out;
    } catch (error) {
      await pending.discard();
      throw error;
    }
  }

  function productTypeMismatch(type: ProductType, form: ProductForm): void {
    if (form.type !== undefined && form.type !== type) fail({ type: [`This product is of type ${type}; its type cannot be ${form.type}.`] });
  }

  // ---- products -------------------------------------------------------------------------

  async function createProduct(type: ProductType, form: ProductForm, files: ProductFiles) {
    productTypeMismatch(type, form);
    const errors = await missingReferences({ category: form.category, author: form.author, publisher: form.publisher });
    const regular = form.regular_price ?? 0;
    const offer = resolveOffer({ regular_price: regular, offer_type: form.offer_type ?? OFFER_NONE, percentage: form.percentage, flat_discount: form.flat_discount });
    if ('errors' in offer) Object.assign(errors, offer.errors);
    if (Object.keys(errors).length) fail(errors);
    if (!('offer' in offer)) return null as never;
    if (!files.image) fail({ image: [type === 'books' ? 'Books image is required*' : 'Product image is required*'] });

    const pending = new PendingFiles(storage);
    const stored = await storeProductFiles(pending, files);
    const now = nowIso();
    const title = form.english_title ?? '';
    const id = await commit(
      pending,
      async () => {
        const row = await db
          .insertInto('products')
          .values({
            type,
            english_title: title,
            bangla_title: form.bangla_title ?? '',
            description: form.description ?? '',
            category_id: form.category ?? null,
            author_id: type === 'books' ? (form.author ?? null) : null,
            publisher_id: type === 'books' ? (form.publisher ?? null) : null,
            image: stored.image ?? null,
            alt_text: form.alt_text ?? title,
            pdf: stored.pdf ?? null,
            isbn: form.isbn ?? '',
            edition: form.edition ?? '',
            language: form.language ?? '',
            country: form.country ?? '',
            total_page: form.total_page ?? null,
            model: form.model ?? '',
            brand: form.brand ?? '',
            warranty: form.warranty ?? '',
            ...offer.offer,
            purchase_from: form.purchase_from ?? '',
            purchase_price: form.purchase_price ?? 0,
            regular_price: regular,
            units_stock: form.units_stock ?? 0,
            units_sold: form.units_sold ?? 0,
            is_active: form.is_active === false ? 0 : 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      },
      { foreign_key: 'The chosen category, author or publisher was just removed; choose again.' },
    );
    return productById(id);
  }

  async function updateProduct(id: number, form: ProductForm, files: ProductFiles) {
    const existing = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    if (!existing) throw notFound('Product not found.');
    productTypeMismatch(existing.type, form);
    const errors = await missingReferences({ category: form.category, author: form.author, publisher: form.publisher });
    const regular = form.regular_price ?? existing.regular_price;
    const offerType = form.offer_type ?? (existing.offer_type || OFFER_NONE);
    const offer = resolveOffer({
      regular_price: regular,
      offer_type: offerType,
      percentage: form.percentage ?? (existing.offer_type === 'Percentage' ? existing.percentage : undefined),
      flat_discount: form.flat_discount ?? (existing.offer_type === 'Flat Discount' ? existing.flat_discount : undefined),
    });
    if ('errors' in offer) Object.assign(errors, offer.errors);
    if (Object.keys(errors).length) fail(errors);
    if (!('offer' in offer)) return null as never;

    const pending = new PendingFiles(storage);
    const stored = await storeProductFiles(pending, files);
    const title = form.english_title ?? existing.english_title;
    const changes = {
      english_title: title,
      bangla_title: form.bangla_title ?? existing.bangla_title,
      description: form.description ?? existing.description,
      category_id: form.category ?? existing.category_id,
      author_id: form.author ?? existing.author_id,
      publisher_id: form.publisher ?? existing.publisher_id,
      image: stored.image ?? existing.image,
      alt_text: form.alt_text ?? (existing.alt_text || title),
      pdf: stored.pdf ?? existing.pdf,
      isbn: form.isbn ?? existing.isbn,
      edition: form.edition ?? existing.edition,
      language: form.language ?? existing.language,
      country: form.country ?? existing.country,
      total_page: form.total_page ?? existing.total_page,
      model: form.model ?? existing.model,
      brand: form.brand ?? existing.brand,
      warranty: form.warranty ?? existing.warranty,
      ...offer.offer,
      purchase_from: form.purchase_from ?? existing.purchase_from,
      purchase_price: form.purchase_price ?? existing.purchase_price,
      regular_price: regular,
      units_stock: form.units_stock ?? existing.units_stock,
      units_sold: form.units_sold ?? existing.units_sold,
      is_active: form.is_active === undefined ? existing.is_active : form.is_active ? 1 : 0,
      updated_at: nowIso(),
    };
    await commit(pending, () => db.updateTable('products').set(changes).where('id', '=', id).execute(), {
      foreign_key: 'The chosen category, author or publisher was just removed; choose again.',
    });
    await removeFiles(storage, { images: [stored.image ? existing.image : null], keys: [stored.pdf ? existing.pdf : null] });
    return productById(id);
  }

  /** Deletes a product, or deactivates it when it appears on orders (decisions §3.8). */
  async function deleteProduct(id: number): Promise<{ type: ProductType; deleted: boolean; deactivated: boolean }> {
    const existing = await db.selectFrom('products').select(['id', 'type', 'image', 'pdf']).where('id', '=', id).executeTakeFirst();
    if (!existing) throw notFound('Product not found.');
    const deactivate = async () => {
      await db.updateTable('products').set({ is_active: 0, updated_at: nowIso() }).where('id', '=', id).execute();
      return { type: existing.type, deleted: false, deactivated: true };
    };
    const onOrders = await db.selectFrom('order_items').select('id').where('product_id', '=', id).limit(1).executeTakeFirst();
    if (onOrders) return deactivate();
    try {
      await db.deleteFrom('products').where('id', '=', id).execute();
    } catch (error) {
      // An order placed between the check and the delete.
      if (constraintKind(error) === 'foreign_key') return deactivate();
      throw error;
    }
    await removeFiles(storage, { images: [existing.image], keys: [existing.pdf] });
    return { type: existing.type, deleted: true, deactivated: false };
  }

  // ---- authors and publishers ------------------------------------------------------------

  async function personById(table: PersonTableName, id: number) {
    const row = await db.selectFrom(table as 'authors').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toApiPerson(row, storage) : null;
  }

  async function storeImage(pending: PendingFiles, kind: 'authors' | 'publishers' | 'logos' | 'banners', file: Upload | undefined): Promise<string | null> {
    if (!file) return null;
    try {
      return await pending.putImage(kind, await imageVariantsFromUpload(kind, file, 'image'));
    } catch (error) {
      await pending.discard();
      throw error;
    }
  }

  async function createPerson(table: PersonTableName, form: PersonForm, image?: Upload) {
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
    return personById(table, row.id);
  }

  async function updatePerson(table: PersonTableName, id: number, form: PersonForm, image?: Upload) {
    const existing = await db.selectFrom(table as 'authors').selectAll().where('id', '=', id).executeTakeFirst();
    if (!existing) throw notFound(`${NOUN[table] === 'author' ? 'Author' : 'Publisher'} not found.`);
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
    return personById(table, id);
  }

  async function deletePerson(table: PersonTableName, id: number) {
    const noun = NOUN[table];
    const existing = await db.selectFrom(table as 'authors').select(['id', 'image']).where('id', '=', id).executeTakeFirst();
    if (!existing) throw notFound(`${noun === 'author' ? 'Author' : 'Publisher'} not found.`);
    const column = noun === 'author' ? 'author_id' : 'publisher_id';
    const books = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', id).executeTakeFirstOrThrow();
    const inUse = `This ${noun} has ${Number(books.n)} book(s); give them another ${noun} first.`;
    if (Number(books.n) > 0) throw conflict(inUse, { books: Number(books.n) });
    try {
      await db.deleteFrom(table as 'authors').where('id', '=', id).execute();
    } catch (error) {
      if (constraintKind(error) === 'foreign_key') throw conflict(inUse);
      throw error;
    }
    await removeFiles(storage, { images: [existing.image] });
    return { deleted: true };
  }

  // ---- categories ------------------------------------------------------------------------

  async function categoryById(id: number) {
    const row = await db
      .selectFrom('categories as c')
      .leftJoin('categories as p', 'p.id', 'c.parent_id')
      .select(['c.id', 'c.name', 'c.parent_id', 'p.name as parent_name'])
      .select((eb) => eb.selectFrom('categories as k').select((e) => e.fn.countAll<number>().as('n')).whereRef('k.parent_id', '=', 'c.id').as('children_count'))
      .where('c.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return { id: row.id, name: row.name, parent: row.parent_id, parent_name: row.parent_name, children_count: Number(row.children_count ?? 0) };
  }

  /** The one category of that name; names are unique only among siblings, so a name may be ambiguous. */
  async function categoryIdByName(name: string): Promise<number> {
    const rows = await db.selectFrom('categories').select('id').where('name', '=', name).limit(5).execute();
    if (!rows[0]) throw notFound(`Category “${name}” not found.`);
    if (rows.length > 1) {
      throw conflict(`Several categories are named “${name}”; address it by id at /api/category/{id}/.`, { ids: rows.map((r) => r.id) });
    }
    return rows[0].id;
  }

  async function assertParentExists(q: Kysely<DB>, parent: number | null) {
    if (parent !== null && !(await q.selectFrom('categories').select('id').where('id', '=', parent).executeTakeFirst())) {
      fail({ parent: [`Parent category ${parent} does not exist.`] });
    }
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

  async function assertNameFree(q: Kysely<DB>, name: string, parent: number | null, exceptId?: number) {
    let s = q.selectFrom('categories').select('id').where('name', '=', name);
    s = parent === null ? s.where('parent_id', 'is', null) : s.where('parent_id', '=', parent);
    if (exceptId !== undefined) s = s.where('id', '!=', exceptId);
    if (await s.executeTakeFirst()) throw conflict(`A category named “${name}” already exists there.`);
  }

  /**
   * Runs a change to the category tree as one transaction that no other tree change
   * interleaves with, so two concurrent moves cannot build a cycle between them. SQLite
   * transactions already run one at a time; PostgreSQL takes a self-conflicting table lock
   * that still lets readers through.
   */
  async function treeChange<T>(fn: (trx: Kysely<DB>) => Promise<T>, messages: { unique?: string; foreign_key?: string }): Promise<T> {
    return commit(
      new PendingFiles(storage),
      () =>
        db.transaction().execute(async (trx) => {
          if (dialect === 'postgres') await sql`LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
          return fn(trx);
        }),
      messages,
    );
  }

  async function createCategory(form: CategoryForm) {
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
    return categoryById(id);
  }

  async function updateCategory(id: number, form: CategoryForm) {
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
    return categoryById(id);
  }

  /**
   * Deletes a category. One with sub-categories or products answers 409 unless `moveTo` names
   * the category they move to (not the category itself or one below it).
   */
  async function deleteCategory(id: number, opts: { moveTo?: number | undefined } = {}) {
    const name = (await db.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirst())?.name ?? '';
    await treeChange(
      async (trx) => {
        const existing = await trx.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
        if (!existing) throw notFound('Category not found.');
        const children = Number(
          (await trx.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow()).n,
        );
        const products = Number(
          (await trx.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', id).executeTakeFirstOrThrow()).n,
        );
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
  }

  // ---- logos and banners -----------------------------------------------------------------

  function logoOut(row: { id: number; image: string; alt_text: string }) {
    const images = imageUrls(storage, row.image);
    return { id: row.id, image: images?.detail ?? null, images, alt_text: row.alt_text };
  }

  async function createLogo(form: { alt_text?: string | undefined }, image: Upload) {
    const pending = new PendingFiles(storage);
    const base = (await storeImage(pending, 'logos', image)) as string;
    const alt = form.alt_text ?? 'Logo';
    const row = await commit(pending, () =>
      db.insertInto('logos').values({ image: base, alt_text: alt, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow(),
    );
    return logoOut({ id: row.id, image: base, alt_text: alt });
  }

  async function createBanner(form: { alt_text?: string | undefined; url?: string | undefined }, image: Upload) {
    const pending = new PendingFiles(storage);
    const base = (await storeImage(pending, 'banners', image)) as string;
    const values = { image: base, alt_text: form.alt_text ?? '', url: form.url ?? '', created_at: nowIso() };
    const row = await commit(pending, () => db.insertInto('banners').values(values).returning('id').executeTakeFirstOrThrow());
    return { ...logoOut({ id: row.id, image: base, alt_text: values.alt_text }), url: values.url };
  }

  async function deleteImageRow(table: 'logos' | 'banners', id: number) {
    const existing = await db.selectFrom(table as 'logos').select(['id', 'image']).where('id', '=', id).executeTakeFirst();
    if (!existing) throw notFound(table === 'logos' ? 'Logo not found.' : 'Banner not found.');
    await db.deleteFrom(table as 'logos').where('id', '=', id).execute();
    await removeFiles(storage, { images: [existing.image] });
    return { deleted: true };
  }

  // ---- dashboard -------------------------------------------------------------------------

  async function dashboard() {
    const n = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) => Number((await q.executeTakeFirstOrThrow()).n);
    const countAll = (table: 'users' | 'products' | 'orders' | 'categories' | 'authors' | 'publishers') =>
      db.selectFrom(table as 'users').select((eb) => eb.fn.countAll<number>().as('n'));
    const [total_users, total_admins, total_books, total_orders, total_categories, total_authors, total_publishers] = await Promise.all([
      n(countAll('users')),
      n(countAll('users').where('is_admin', '=', 1)),
      n(db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'books')),
      n(countAll('orders')),
      n(countAll('categories')),
      n(countAll('authors')),
      n(countAll('publishers')),
    ]);
    return {
      total_users,
      total_admins,
      total_customers: total_users - total_admins,
      total_books,
      total_orders,
      total_categories,
      total_authors,
      total_publishers,
    };
  }

  async function productType(id: number): Promise<ProductType | null> {
    const row = await db.selectFrom('products').select('type').where('id', '=', id).executeTakeFirst();
    return row?.type ?? null;
  }

  return {
    productType,
    createProduct,
    updateProduct,
    deleteProduct,
    getProduct: productById,
    createAuthor: (form: PersonForm, image?: Upload) => createPerson('authors', form, image),
    updateAuthor: (id: number, form: PersonForm, image?: Upload) => updatePerson('authors', id, form, image),
    deleteAuthor: (id: number) => deletePerson('authors', id),
    createPublisher: (form: PersonForm, image?: Upload) => createPerson('publishers', form, image),
    updatePublisher: (id: number, form: PersonForm, image?: Upload) => updatePerson('publishers', id, form, image),
    deletePublisher: (id: number) => deletePerson('publishers', id),
    createCategory,
    updateCategory,
    deleteCategory,
    categoryIdByName,
    getCategory: categoryById,
    createLogo,
    deleteLogo: (id: number) => deleteImageRow('logos', id),
    createBanner,
    deleteBanner: (id: number) => deleteImageRow('banners', id),
    dashboard,
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
