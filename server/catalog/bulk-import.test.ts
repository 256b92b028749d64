import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { TestApp } from '../test/app';
import { openProductAdmin } from '../test/catalog-admin';
import { testDialect } from '../test/database';
import { multipart } from '../test/media-fixtures';
import { deflatedZeros, xlsx, xlsxParts, zipEntries } from '../test/xlsx';
import { CSV_COLUMNS } from '../../domain/catalog-import';
import { createBulkImport, IMPORT_BATCH } from './bulk-import';
import { XLSX_MAX_UNZIPPED } from './import-rows';

type Row = Partial<Record<(typeof CSV_COLUMNS)[number], string | number>>;
const BOM = '\uFEFF';

function csv(rows: Row[], columns: readonly string[] = CSV_COLUMNS): Buffer {
  return Buffer.from(BOM + stringify(rows, { header: true, columns: [...columns] }));
}

/** The same rows as a sheet: numbers as numeric cells, as a spreadsheet holds them. */
const sheet = (rows: Row[]) => xlsx([[...CSV_COLUMNS], ...rows.map((r) => CSV_COLUMNS.map((c) => r[c]))]);

const book = (n: number, extra: Row = {}): Row => ({
  type: 'books',
  english_title: `Imported ${n}`,
  bangla_title: `আমদানি ${n}`,
  category_name: 'উপন্যাস',
  author_name: 'হুমায়ূন আহমেদ',
  publisher_name: 'অন্যপ্রকাশ',
  isbn: `ISBN-${n}`,
  purchase_price: 100,
  regular_price: 200,
  units_stock: 5,
  is_active: 'true',
  ...extra,
});

describe(`catalogue CSV import (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;

  beforeAll(async () => {
    ({ t, admin, customer } = await openProductAdmin());
  });
  afterAll(() => t.close());

  const upload = (file: Buffer, query = '') =>
    t.app.inject({ method: 'POST', url: `/api/product/import/${query}`, ...multipart({ file: { filename: 'products.csv', content: file, type: 'text/csv' } }, admin) });
  const count = async () => Number((await t.services.database.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('is the admins’ only, and needs a file', async () => {
    const file = { file: { filename: 'p.csv', content: csv([book(1)]), type: 'text/csv' } };
    expect((await t.app.inject({ method: 'POST', url: '/api/product/import/?dry_run=1', ...multipart(file) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/product/import/?dry_run=1', ...multipart(file, customer) })).statusCode).toBe(403);
    const none = await t.app.inject({ method: 'POST', url: '/api/product/import/?dry_run=1', ...multipart({ x: 'y' }, admin) });
    expect(none.statusCode).toBe(400);
  });

  it('a dry run counts rows to create and lists every bad row by its line, writing nothing', async () => {
    const rows = [
      book(1),
      book(2, { regular_price: -5 }), // line 3
      book(3, { description: 'দুই\nলাইন' }), // lines 4–5
      book(4, { units_stock: 'many' }), // line 6
      book(5, { offer_type: 'Flat Discount', flat_discount: 500 }), // line 7
      book(6, { author_name: 'Nobody' }), // line 8
      { type: 'electronics', english_title: 'Lamp', purchase_price: 1, regular_price: 2, units_stock: 1, isbn: 'X' }, // line 9
    ];
    const before = await count();
    const res = await upload(csv(rows), '?dry_run=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      create: 2,
      update: 0,
      errors: [
        { line: 3, field: 'regular_price', message: 'Regular Price must be a whole number, 0 or more.' },
        { line: 6, field: 'units_stock', message: 'Units of Stock must be a whole number, 0 or more.' },
        { line: 7, field: 'flat_discount', message: 'Flat discount must be less than the regular price.' },
        { line: 8, field: 'author_name', message: expect.stringContaining('Nobody') },
        { line: 9, field: 'isbn', message: 'This field is not one of this product type’s; leave it empty.' },
      ],
      warnings: [],
    });
    expect(await count()).toBe(before);
  });

  it('reads an .xlsx (known by its content, first sheet) into the same checks and lines as the CSV', async () => {
    const rows = [book(40), book(41, { regular_price: -5 }), book(42, { units_stock: 'many' }), book(43, { offer_type: 'Flat Discount', flat_discount: 500 }), book(44, { description: 'দুই\nলাইন' })];
    const before = await count();
    const asCsv = (await upload(csv(rows), '?dry_run=1')).json();
    // Named .csv on purpose: the content decides.
    const res = await upload(sheet(rows), '?dry_run=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(asCsv);
    expect(asCsv).toMatchObject({ create: 2, errors: [{ line: 3 }, { line: 4 }, { line: 5 }] });
    expect(await count()).toBe(before);

    const applied = (await upload(sheet(rows))).json();
    expect(applied).toMatchObject({ create: 2, applied: 2, batches: [{ first_line: 2, last_line: 6, applied: 2 }] });
    const db = t.services.database.db;
    expect(await db.selectFrom('products').select('description').where('isbn', '=', 'ISBN-44').executeTakeFirstOrThrow()).toEqual({ description: 'দুই\nলাইন' });
    expect(await db.selectFrom('products').selectAll().where('isbn', '=', 'ISBN-40').executeTakeFirstOrThrow()).toMatchObject({ english_title: 'Imported 40', regular_price: 200, units_stock: 5 });

    const broken = await upload(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 1)]), '?dry_run=1');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain('XLSX');
    // A directory declaring 4 GB unzipped is refused before anything is unzipped.
    const bomb = sheet([book(45)]);
    for (let at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) bomb.writeUInt32LE(0xffffffff, at + 24);
    const big = await upload(bomb, '?dry_run=1');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain('too large');
  });

  it('reads an .xlsx whose parts are deflated, as spreadsheet programs write them', async () => {
    const rows = [book(50), book(51, { description: 'দুই\nলাইন' })];
    const res = await upload(xlsx([[...CSV_COLUMNS], ...rows.map((r) => CSV_COLUMNS.map((c) => r[c]))], { deflate: true }), '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ create: 2, update: 0, errors: [], warnings: [] });
  });

  it(`an .xlsx that inflates past ${XLSX_MAX_UNZIPPED / 1024 / 1024} MB while declaring small sizes answers 413 for the file, writes nothing, and the server does not hold what it inflated`, async () => {
    // A sheet of 256 MB of zeros in about 260 KB, its headers saying 2 KB.
    const parts = Object.entries(xlsxParts([[...CSV_COLUMNS]])).map(([name, text]) => ({ name, data: Buffer.from(text) }));
    const deflated = await deflatedZeros(XLSX_MAX_UNZIPPED + 56 * 1024 * 1024);
    const bomb = zipEntries(parts.map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? { ...p, deflated, declaredSize: 2048 } : p)));
    expect(bomb.length).toBeLessThan(400_000);
    const before = await count();
    let peak = 0;
    const base = process.memoryUsage.rss();
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss() - base)), 1);
    try {
      for (const query of ['?dry_run=1', '']) {
        const res = await upload(bomb, query);
        expect(res.statusCode, res.body).toBe(413);
        expect(res.json().message).toContain(`(it unzips to more than ${XLSX_MAX_UNZIPPED / 1024 / 1024} MB)`);
        expect(res.json().errors.file).toEqual([res.json().message]);
      }
    } finally {
      clearInterval(sampler);
    }
    expect(await count()).toBe(before);
    // Nothing inflated is kept: the process grows by far less than the limit (before: by gigabytes' worth of parsing).
    expect(peak).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses unknown columns and a file saying nothing of types (line 1)', async () => {
    const body = (await upload(csv([{ english_title: 'x' }], ['english_title', 'colour']), '?dry_run=1')).json();
    expect(body.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [1, 'colour'],
      [1, 'type'],
    ]);
  });

  it('applies the good rows, skips the bad, and matches again by ISBN, by id and by title and type', async () => {
    const res = await upload(csv([book(10), book(11, { regular_price: 'x' }), { type: 'stationary', english_title: 'Eraser', purchase_price: 1, regular_price: 5, units_stock: 9 }]));
    expect(res.json()).toMatchObject({ create: 2, update: 0, applied: 2, errors: [{ line: 3, field: 'regular_price' }] });
    const db = t.services.database.db;
    const imported = await db.selectFrom('products').selectAll().where('isbn', '=', 'ISBN-10').executeTakeFirstOrThrow();
    expect(imported).toMatchObject({ english_title: 'Imported 10', bangla_title: 'আমদানি 10', regular_price: 200, image: null, is_active: 1 });
    const eraser = await db.selectFrom('products').selectAll().where('english_title', '=', 'Eraser').executeTakeFirstOrThrow();

    const again = await upload(
      csv([
        { isbn: 'ISBN-10', type: 'books', english_title: 'Renamed', regular_price: 300, offer_type: 'Percentage', percentage: 10 },
        { id: eraser.id, units_stock: 2 },
        { type: 'stationary', english_title: 'Eraser', brand: 'Faber' },
        { id: 999999, type: 'books', english_title: 'Ghost' },
      ]),
    );
    expect(again.json()).toMatchObject({ create: 0, update: 3, applied: 3, errors: [{ line: 5, field: 'id' }] });
    expect(await db.selectFrom('products').selectAll().where('id', '=', imported.id).executeTakeFirstOrThrow()).toMatchObject({
      english_title: 'Renamed',
      regular_price: 300,
      discount_price: 270,
      units_stock: 5,
    });
    expect(await db.selectFrom('products').selectAll().where('id', '=', eraser.id).executeTakeFirstOrThrow()).toMatchObject({ units_stock: 2, brand: 'Faber', regular_price: 5 });
  });

  it('creates unknown categories, authors and publishers only with create_missing=1', async () => {
    const file = csv([book(20, { category_name: 'নতুন ক্যাটাগরি', author_name: 'নতুন লেখক', publisher_name: 'নতুন প্রকাশক' }), book(21, { category_name: 'নতুন ক্যাটাগরি', author_name: 'নতুন লেখক', publisher_name: 'নতুন প্রকাশক' })]);
    expect((await upload(file)).json()).toMatchObject({ create: 0, applied: 0, errors: [{ line: 2, field: 'category_name' }, { line: 2, field: 'author_name' }, { line: 2, field: 'publisher_name' }, { line: 3 }, { line: 3 }, { line: 3 }] });
    expect((await upload(file, '?dry_run=1&create_missing=1')).json()).toEqual({ create: 2, update: 0, errors: [], warnings: [] });
    expect(await t.services.database.db.selectFrom('categories').select('id').where('name', '=', 'নতুন ক্যাটাগরি').execute()).toHaveLength(0);
    expect((await upload(file, '?create_missing=1')).json()).toEqual({ create: 2, update: 0, errors: [], warnings: [], applied: 2, batches: [{ first_line: 2, last_line: 3, applied: 2 }] });
    const db = t.services.database.db;
    expect(await db.selectFrom('categories').select('id').where('name', '=', 'নতুন ক্যাটাগরি').execute()).toHaveLength(1);
    const authors = await db.selectFrom('authors').select('id').where('name', '=', 'নতুন লেখক').execute();
    expect(authors).toHaveLength(1);
    expect(await db.selectFrom('products').select('author_id').where('isbn', 'in', ['ISBN-20', 'ISBN-21']).execute()).toEqual([{ author_id: authors[0]!.id }, { author_id: authors[0]!.id }]);
  });

  it(`writes in batches of ${IMPORT_BATCH}, one transaction each: a failing batch rolls back only itself`, async () => {
    const db = t.services.database.db;
    const rows = Array.from({ length: IMPORT_BATCH * 2 + 10 }, (_, i) => book(1000 + i, { category_name: 'ব্যাচ' }));
    // The second batch's transaction fails (as a full disk or a lost connection would).
    let batches = 0;
    const importer = createBulkImport(db, {});
    const original = db.transaction.bind(db);
    (db as { transaction: typeof db.transaction }).transaction = () => {
      batches++;
      if (batches === 2) return { execute: async () => Promise.reject(new Error('disk full')) } as unknown as ReturnType<typeof db.transaction>;
      return original();
    };
    try {
      const result = await importer.importCsv(csv(rows), { dryRun: false, createMissing: true });
      expect(result).toMatchObject({ create: rows.length, update: 0, applied: IMPORT_BATCH + 10 });
      expect(result.errors).toEqual([{ line: IMPORT_BATCH + 2, field: '', message: expect.stringContaining('disk full') }]);
      expect(result.batches).toEqual([
        { first_line: 2, last_line: IMPORT_BATCH + 1, applied: IMPORT_BATCH },
        { first_line: IMPORT_BATCH + 2, last_line: IMPORT_BATCH * 2 + 1, applied: 0, error: 'disk full' },
        { first_line: IMPORT_BATCH * 2 + 2, last_line: IMPORT_BATCH * 2 + 11, applied: 10 },
      ]);
    } finally {
      (db as { transaction: typeof db.transaction }).transaction = original;
    }
    const written = await db.selectFrom('products').select('isbn').where('isbn', 'in', rows.map((r) => String(r.isbn))).execute();
    const isbns = new Set(written.map((r) => r.isbn));
    expect(isbns.has('ISBN-1000')).toBe(true);
    expect(isbns.has(`ISBN-${1000 + IMPORT_BATCH}`)).toBe(false);
    expect(isbns.has(`ISBN-${1000 + IMPORT_BATCH * 2}`)).toBe(true);
  });

  it('export → import of the same file: no creates, every row an update that changes nothing', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/product/export.csv', headers: admin });
    const n = exported.rawPayload.toString('utf8').split('\n').filter((l) => /^\d+,/.test(l)).length;
    const before = await t.services.database.db.selectFrom('products').selectAll().orderBy('id').execute();
    const res = (await upload(exported.rawPayload)).json();
    expect(res).toMatchObject({ create: 0, update: before.length, errors: [], applied: before.length });
    expect(n).toBe(before.length);
    const after = await t.services.database.db.selectFrom('products').selectAll().orderBy('id').execute();
    expect(after.map(({ updated_at: _u, ...p }) => p)).toEqual(before.map(({ updated_at: _u, ...p }) => p));
  });

  it('export writes text a spreadsheet would run as a formula with a quote before it; import gives back the text stored', async () => {
    const db = t.services.database.db;
    const titles = ['=HYPERLINK("http://evil.example","click")', '+8801711', '-minus', '@SUM(A1)', "'=quoted already", "'plain quote"];
    const created = await db
      .insertInto('products')
      .values(titles.map((english_title, i) => ({ type: 'stationary' as const, english_title, bangla_title: i === 0 ? '=1+1' : '', alt_text: 'cover', brand: '-Acme', regular_price: 10, units_stock: 1, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' })))
      .returning('id')
      .execute();
    const ids = created.map((r) => r.id);
    const exported = await t.app.inject({ method: 'GET', url: '/api/product/export.csv?type=stationary&search=', headers: admin });
    const rows = (parse(exported.rawPayload, { bom: true, columns: true }) as Record<string, string>[]).filter((r) => ids.includes(Number(r.id)));
    expect(rows.map((r) => r.english_title)).toEqual([`'=HYPERLINK("http://evil.example","click")`, "'+8801711", "'-minus", "'@SUM(A1)", "''=quoted already", "'plain quote"]);
    expect(rows[0]).toMatchObject({ bangla_title: "'=1+1", brand: "'-Acme", regular_price: '10' });

    const before = await db.selectFrom('products').selectAll().where('id', 'in', ids).orderBy('id').execute();
    const res = (await upload(exported.rawPayload)).json();
    expect(res.errors).toEqual([]);
    const after = await db.selectFrom('products').selectAll().where('id', 'in', ids).orderBy('id').execute();
    expect(after.map(({ updated_at: _u, ...p }) => p)).toEqual(before.map(({ updated_at: _u, ...p }) => p));
    expect(after.map((p) => p.english_title)).toEqual(titles);
  });
});

describe(`ISBNs in the catalogue import (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ({ t, admin } = await openProductAdmin());
  });
  afterAll(async () => t?.close());
  const upload = (file: Buffer, query = '') =>
    t.app.inject({ method: 'POST', url: `/api/product/import/${query}`, ...multipart({ file: { filename: 'products.csv', content: file, type: 'text/csv' } }, admin) });

  it('a book whose printed ISBN fails its check digit is imported as written with a warning, and a row naming a known book by its other ISBN form updates that book', async () => {
    const first = await upload(csv([book(70, { isbn: '978-0-306-40615-7' }), book(71, { isbn: '978-0-306-40615-3' })]), '?create_missing=1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ create: 2, errors: [], warnings: [{ line: 3, field: 'isbn' }], applied: 2 });
    // The ISBN-10 of the first book names the same book (another title, so only the ISBN can match): an update, not a second copy.
    const again = await upload(csv([book(72, { isbn: '0306406152', regular_price: 250 })]), '?create_missing=1');
    expect(again.json()).toMatchObject({ create: 0, update: 1, warnings: [] });
    const found = await t.app.inject({ method: 'GET', url: '/api/product/?isbn=978 0306406157' });
    expect(found.json()).toMatchObject({ count: 1, results: [{ regular_price: 250 }] });
  });
});
