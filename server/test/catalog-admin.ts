/** What the admin product-write tests share: an app with an admin, a customer, one category, author and publisher, and a book form. */
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './app';
import { nowIso } from '../db/dialect';
import { multipart, pngFile } from './media-fixtures';

type FormValue = string | number | undefined | { filename: string; content: Buffer; type?: string };

export interface ProductAdminContext {
  t: TestApp;
  admin: Record<string, string>;
  customer: Record<string, string>;
  category: number;
  author: number;
  publisher: number;
  /** A complete add-book form (with a PNG cover); `extra` overrides fields. */
  bookFields(extra?: Record<string, unknown>): Promise<Record<string, FormValue>>;
  /** `POST /create-book/` as the admin with that form. */
  createBook(extra?: Record<string, unknown>): Promise<LightMyRequestResponse>;
}

export async function openProductAdmin(): Promise<ProductAdminContext> {
  const t = await createTestApp();
  const admin = (await t.signIn({ admin: true })).headers;
  const customer = (await t.signIn()).headers;
  const db = t.services.database.db;
  const now = nowIso();
  const category = (await db.insertInto('categories').values({ name: 'উপন্যাস', parent_id: null, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const person = { description: '', image: null, alt_text: '', created_at: now, updated_at: now };
  const author = (await db.insertInto('authors').values({ name: 'হুমায়ূন আহমেদ', ...person }).returning('id').executeTakeFirstOrThrow()).id;
  const publisher = (await db.insertInto('publishers').values({ name: 'অন্যপ্রকাশ', ...person }).returning('id').executeTakeFirstOrThrow()).id;

  async function bookFields(extra: Record<string, unknown> = {}) {
    return {
      english_title: 'Himu',
      bangla_title: 'হিমু',
      description: 'A novel.',
      type: 'books',
      category,
      author,
      publisher,
      offer_type: '',
      percentage: '',
      flat_discount: '',
      purchase_price: 200,
      regular_price: 999,
      discount_price: '',
      units_stock: 12,
      units_sold: '',
      is_active: 'true',
      alt_text: '',
      image: await pngFile(),
      ...extra,
    } as Record<string, FormValue>;
  }
  const createBook = async (extra: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url: '/create-book/', ...multipart(await bookFields(extra), admin) });
  return { t, admin, customer, category, author, publisher, bookFields, createBook };
}
