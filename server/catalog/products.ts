/**
 * Products one at a time: reading one, and the back office's create, update and delete. The
 * API's product object is api-product.ts's; the columns a form writes, product-values.ts's
 * (offers by domain/catalog-forms); the lists of products are in product-lists.ts, the shelf
 * counts that checkout changes in stock.ts.
 */
import type { Kysely } from 'kysely';
import type { DB, ProductType } from '../db/schema';
import { nowIso } from '../db/dialect';
import { isForeignKeyViolation } from '../db/errors';
import { HttpError, notFound, type FieldErrors } from '../http/errors';
import type { FileStorage } from '../media/storage';
import { PendingFiles, removeFiles } from '../media/uploads';
import { FORM_MESSAGES, stockOutOfRangeMessage, type ProductForm } from '../../domain/catalog-forms';
import { productQuery, toApiProduct, type ApiProduct, type ProductRow } from './api-product';
import { commit, fail, storeProductFiles, type ProductFiles } from './files';
import { describedColumns, formOffer, stockColumns } from './product-values';
import { changeStock, setStock } from './stock-ledger';
import { preorderColumns } from './preorder-stock';

export interface ProductDeps {
  /** Whether the product appears on any order; such a product is deactivated instead of deleted. */
  isOnOrders(productId: number): Promise<boolean>;
  /**
   * Called after an update committed that made a product available again (stock up from 0, or
   * switched back on with stock): the back-in-stock requests are due. Must not throw.
   */
  onBackInStock?: ((productIds: number[]) => void) | undefined;
  /** Called after a write raised products' stock: waiting pre-orders are filled (docs/preorders.md). Must not throw. */
  onStockUp?: ((productIds: number[]) => Promise<void> | void) | undefined;
}

/** Who makes a catalogue write: the member of staff (their id goes on the stock movements it writes), or null for the system. */
export interface StaffAct {
  user: number | null;
}
const SYSTEM: StaffAct = { user: null };

const REFERENCE_GONE = 'The chosen category, author or publisher was just removed; choose again.';

function productTypeMismatch(type: ProductType, form: ProductForm): void {
  if (form.type !== undefined && form.type !== type) fail({ type: [`This product is of type ${type}; its type cannot be ${form.type}.`] });
}

export function createProducts(db: Kysely<DB>, storage: FileStorage, deps: ProductDeps) {
  /** The product as the back office sees it: inactive ones too, with purchase prices. */
  async function adminView(id: number) {
    const row = (await productQuery(db).where('products.id', '=', id).executeTakeFirst()) as ProductRow | undefined;
    return row ? toApiProduct(row, storage, { admin: true }) : null;
  }

  /** Messages for chosen category, author and publisher ids that do not exist. */
  async function missingReferences(refs: { category?: number | undefined; author?: number | undefined; publisher?: number | undefined }): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    const exists = async (table: 'categories' | 'authors' | 'publishers', id: number) => !!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
    if (refs.category !== undefined && !(await exists('categories', refs.category))) errors.category = [`Category ${refs.category} does not exist.`];
    if (refs.author !== undefined && !(await exists('authors', refs.author))) errors.author = [`Author ${refs.author} does not exist.`];
    if (refs.publisher !== undefined && !(await exists('publishers', refs.publisher))) errors.publisher = [`Publisher ${refs.publisher} does not exist.`];
    return errors;
  }

  return {
    /** One product; shoppers (no `admin`) never see an inactive one. */
    async get(id: number, opts: { admin?: boolean } = {}): Promise<ApiProduct | null> {
      const row = (await productQuery(db).where('products.id', '=', id).executeTakeFirst()) as ProductRow | undefined;
      if (!row || (!opts.admin && row.is_active !== 1)) return null;
      return toApiProduct(row, storage, { admin: !!opts.admin });
    },

    async productType(id: number): Promise<ProductType | null> {
      const row = await db.selectFrom('products').select('type').where('id', '=', id).executeTakeFirst();
      return row?.type ?? null;
    },

    async countOfType(type: ProductType): Promise<number> {
      return Number((await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', type).executeTakeFirstOrThrow()).n);
    },

    async create(type: ProductType, form: ProductForm, files: ProductFiles, by: StaffAct = SYSTEM) {
      productTypeMismatch(type, form);
      const errors = await missingReferences({ category: form.category, author: form.author, publisher: form.publisher });
      const { regular, offer } = formOffer(form);
      if ('errors' in offer) Object.assign(errors, offer.errors);
      const preorder = preorderColumns(form);
      if (Object.keys(errors).length) fail(errors);
      if (!('offer' in offer)) return null as never;
      if (!files.image) fail({ image: [type === 'books' ? 'Books image is required*' : 'Product image is required*'] });

      const pending = new PendingFiles(storage);
      const stored = await storeProductFiles(pending, files);
      const now = nowIso();
      const values = {
        type,
        ...describedColumns(form),
        ...stockColumns(form),
        ...preorder.columns,
        category_id: form.category ?? null,
        author_id: type === 'books' ? (form.author ?? null) : null,
        publisher_id: type === 'books' ? (form.publisher ?? null) : null,
        image: stored.image ?? null,
        pdf: stored.pdf ?? null,
        ...offer.offer,
        regular_price: regular,
        // The opening stock is the product's first movement, written through the ledger with who made it.
        units_stock: 0,
        units_sold: form.units_sold ?? 0,
        is_active: form.is_active === false ? 0 : 1,
        created_at: now,
        updated_at: now,
      };
      const row = await commit(
        pending,
        () =>
          db.transaction().execute(async (trx) => {
            const row = await trx.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
            if (form.units_stock) await changeStock(trx, { product: row.id, delta: form.units_stock }, { reason: 'adjustment', ref: 'opening', user: by.user });
            return row;
          }),
        { foreign_key: REFERENCE_GONE },
      );
      return adminView(row.id);
    },

    async update(id: number, form: ProductForm, files: ProductFiles, by: StaffAct = SYSTEM) {
      const existing = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
      if (!existing) throw notFound('Product not found.');
      productTypeMismatch(existing.type, form);
      const errors = await missingReferences({ category: form.category, author: form.author, publisher: form.publisher });
      if (form.expected_units_stock !== undefined && form.units_stock === undefined) errors.expected_units_stock = [FORM_MESSAGES.expectedNeedsStock];
      const { regular, offer } = formOffer(form, existing);
      if ('errors' in offer) Object.assign(errors, offer.errors);
      const preorder = preorderColumns(form, existing);
      Object.assign(errors, preorder.errors);
      if (Object.keys(errors).length) fail(errors);
      if (!('offer' in offer)) return null as never;

      const pending = new PendingFiles(storage);
      const stored = await storeProductFiles(pending, files);
      const changes = {
        ...describedColumns(form, existing),
        ...stockColumns(form, existing),
        ...preorder.columns,
        category_id: form.category ?? existing.category_id,
        author_id: form.author ?? existing.author_id,
        publisher_id: form.publisher ?? existing.publisher_id,
        image: stored.image ?? existing.image,
        pdf: stored.pdf ?? existing.pdf,
        ...offer.offer,
        regular_price: regular,
        is_active: form.is_active === undefined ? existing.is_active : form.is_active ? 1 : 0,
        ...(form.units_sold !== undefined ? { units_sold: form.units_sold } : {}),
        updated_at: nowIso(),
      };
      // The stock is never read here and written back: checkout moves it meanwhile. Left out, it
      // is not written at all. With the figure the form loaded (`expected_units_stock`), the
      // difference is applied to the stock as it is, refused (409) when it would go below 0 or
      // above STOCK_MAX: copies sold while the form was open stay sold. Without it (clients of
      // the first version) the value is set. Either is an `adjustment` in the ledger, written in
      // the same transaction as the product's other fields (stock-ledger.ts).
      const delta = form.units_stock !== undefined && form.expected_units_stock !== undefined ? form.units_stock - form.expected_units_stock : undefined;
      const note = { reason: 'adjustment', ref: '', user: by.user } as const;
      const result = await commit(
        pending,
        () =>
          db.transaction().execute(async (trx) => {
            const row = await trx.updateTable('products').set(changes).where('id', '=', id).returning(['units_stock', 'is_active']).executeTakeFirst();
            if (!row) throw notFound('Product not found.');
            const kept = { before: Number(row.units_stock), after: { units_stock: Number(row.units_stock), is_active: Number(row.is_active) } };
            if (delta !== undefined) {
              if (delta === 0) return kept;
              const after = await changeStock(trx, { product: id, delta }, note);
              if (after) return { before: after.units_stock - delta, after };
              const message = stockOutOfRangeMessage(kept.before, delta);
              throw new HttpError(409, message, { units_stock: [message] });
            }
            if (form.units_stock === undefined) return kept;
            return (await setStock(trx, id, form.units_stock, note)) ?? kept;
          }),
        { foreign_key: REFERENCE_GONE },
      );
      await removeFiles(storage, { images: [stored.image ? existing.image : null], keys: [stored.pdf ? existing.pdf : null] });
      // Offered again: stock up from 0 (exactly the stock this write replaced), or switched back on with stock.
      const wasOffered = result.before > 0 && existing.is_active === 1;
      if (!wasOffered && result.after.units_stock > 0 && result.after.is_active === 1) deps.onBackInStock?.([id]);
      if (result.after.units_stock > result.before) await deps.onStockUp?.([id]);
      return adminView(id);
    },

    /**
     * Deletes a product, or only deactivates it when it appears on orders: an order keeps
     * pointing at what was sold, and the shop stops offering it.
     */
    async remove(id: number): Promise<{ type: ProductType; deleted: boolean; deactivated: boolean }> {
      const existing = await db.selectFrom('products').select(['id', 'type', 'image', 'pdf']).where('id', '=', id).executeTakeFirst();
      if (!existing) throw notFound('Product not found.');
      const deactivate = async () => {
        await db.updateTable('products').set({ is_active: 0, updated_at: nowIso() }).where('id', '=', id).execute();
        return { type: existing.type, deleted: false, deactivated: true };
      };
      if (await deps.isOnOrders(id)) return deactivate();
      try {
        await db.deleteFrom('products').where('id', '=', id).execute();
      } catch (error) {
        // An order placed between the check and the delete.
        if (isForeignKeyViolation(error)) return deactivate();
        throw error;
      }
      await removeFiles(storage, { images: [existing.image], keys: [existing.pdf] });
      return { type: existing.type, deleted: true, deactivated: false };
    },

    adminView,
  };
}

