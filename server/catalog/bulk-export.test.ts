import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { openProductAdmin, type ProductAdminContext } from '../test/catalog-admin';
import { testDialect } from '../test/database';
import { nowIso } from '../db/dialect';
import { CSV_COLUMNS } from '../../domain/catalog-import';
import { createBulkExport, EXPORT_PAGE } from './bulk-export';
import { createSearchStrategy } from './search/create-strategy';

describe(`catalogue CSV export (${testDialect})`, () => {
  let c: ProductAdminContext;
  const MANY = EXPORT_PAGE * 2 + 500;

  beforeAll(async () => {
    c = await openProductAdmin();
    const db = c.t.services.database.db;
    const now = nowIso();
    const base = {
      bangla_title: '',
      description: '',
      category_id: null,
      author_id: null,
      publisher_id: null,
      image: null,
      alt_text: '',
      pdf: null,
      isbn: '',
      edition: '',
      language: '',
      country: '',
      total_page: null,
      model: '',
      brand: 'Acme',
      warranty: '',
      offer_type: '',
      percentage: 0,
      flat_discount: 0,
      discount_price: 0,
      purchase_from: '',
      purchase_price: 10,
      regular_price: 20,
      units_stock: 3,
      units_sold: 0,
      is_active: 1,
      created_at: now,
      updated_at: now,
    };
    await db
      .insertInto('products')
      .values({ ...base, type: 'books', english_title: 'Himu', bangla_title: 'হিমু, "প্রথম" খণ্ড', description: 'দুই\nলাইন', category_id: c.category, author_id: c.author, publisher_id: c.publisher, isbn: '978-984-0', total_page: 120 })
      .execute();
    await db.insertInto('products').values({ ...base, type: 'stationary', english_title: 'Pencil', is_active: 0 }).execute();
    // Many rows, fast: one insert per thousand.
    for (let i = 0; i < MANY; i += 500) {
      const rows = Array.from({ length: Math.min(500, MANY - i) }, (_, k) => ({ ...base, type: 'electronics' as const, english_title: `Lamp ${i + k}` }));
      await db.insertInto('products').values(rows).execute();
    }
  }, 60_000);
  afterAll(() => c.t.close());

  const csvOf = async (query = '') => {
    const res = await c.t.app.inject({ method: 'GET', url: `/api/product/export.csv${query}`, headers: c.admin });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('is the admins’ only', async () => {
    expect((await c.t.app.inject({ method: 'GET', url: '/api/product/export.csv' })).statusCode).toBe(401);
    expect((await c.t.app.inject({ method: 'GET', url: '/api/product/export.csv', headers: c.customer })).statusCode).toBe(403);
  });

  it('answers UTF-8 CSV with a BOM, the header, and Bengali, commas, quotes and newlines intact', async () => {
    const res = await csvOf('?type=books');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8');
    expect(text.slice(1).split('\n')[0]).toBe(CSV_COLUMNS.join(','));
    const rows = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'books',
      english_title: 'Himu',
      bangla_title: 'হিমু, "প্রথম" খণ্ড',
      description: 'দুই\nলাইন',
      category_name: 'উপন্যাস',
      author_name: 'হুমায়ূন আহমেদ',
      publisher_name: 'অন্যপ্রকাশ',
      isbn: '978-984-0',
      total_page: '120',
      regular_price: '20',
      is_active: 'true',
      image: '',
    });
  });

  it('filters as the admin list: is_active, category, author, search', async () => {
    const inactive = parse((await csvOf('?is_active=false')).rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(inactive.map((r) => r.english_title)).toEqual(['Pencil']);
    expect(inactive[0]!.is_active).toBe('false');
    const byCategory = parse((await csvOf(`?category=${c.category}&author=${c.author}`)).rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(byCategory.map((r) => r.english_title)).toEqual(['Himu']);
    const searched = parse((await csvOf('?search=pencil')).rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(searched.map((r) => r.english_title)).toEqual(['Pencil']);
    expect((await c.t.app.inject({ method: 'GET', url: '/api/product/export.csv?type=cars', headers: c.admin })).statusCode).toBe(400);
  });

  it(`streams every product in pages of ${EXPORT_PAGE} (keyset), each exactly once`, async () => {
    let pages = 0;
    const db = c.t.services.database.db;
    const exporter = createBulkExport(db, c.t.services.storage, createSearchStrategy(db, c.t.services.database.dialect), { onPage: () => pages++ });
    const chunks: Buffer[] = [];
    for await (const chunk of exporter.exportCsv({})) chunks.push(Buffer.from(chunk as Buffer));
    const rows = parse(Buffer.concat(chunks), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(MANY + 2);
    expect(new Set(rows.map((r) => r.id)).size).toBe(MANY + 2);
    expect(pages).toBe(Math.ceil((MANY + 2) / EXPORT_PAGE) + ((MANY + 2) % EXPORT_PAGE === 0 ? 1 : 0));
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
