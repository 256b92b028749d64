import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { nowIso } from '../db/dialect';
import { filesOfImageUrl, mediaFiles, multipart, pngFile } from '../test/media-fixtures';

describe(`admin authors, publishers, logos, banners and dashboard (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;

  beforeAll(async () => ({ t, admin, customer } = await openAdminApp()));
  afterAll(() => t.close());

  for (const [kind, Noun, required] of [
    ['author', 'Author', 'লেখকের নাম আবশ্যক*'],
    ['publisher', 'Publisher', 'প্রকাশকের নাম আবশ্যক*'],
  ] as const) {
    describe(kind, () => {
      it(`adds a ${kind} with an optional image; a blank alt_text becomes the name`, async () => {
        const res = await t.app.inject({ method: 'POST', url: `/create-${kind}/`, ...multipart({ name: 'জাফর ইকবাল', description: 'লেখক', alt_text: '', image: await pngFile() }, admin) });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ status: 201, message: `${Noun} added Successfully!`, [kind]: { name: 'জাফর ইকবাল', description: 'লেখক', alt_text: 'জাফর ইকবাল' } });
        expect(filesOfImageUrl(t.database.dataDir, res.json()[kind].image)).toHaveLength(3);
        const noImage = await t.app.inject({ method: 'POST', url: `/create-${kind}/`, ...multipart({ name: 'শুধু নাম' }, admin) });
        expect(noImage.statusCode).toBe(201);
        expect(noImage.json()[kind].image).toBeNull();
      });

      it(`requires the ${kind} name with the Bengali message`, async () => {
        const res = await t.app.inject({ method: 'POST', url: `/create-${kind}/`, ...multipart({ name: '', description: 'x' }, admin) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ status: 400, message: required, errors: { name: [required] } });
      });

      it(`updates a ${kind}: blank fields keep values, blank alt_text keeps the existing one, a new image replaces the old files`, async () => {
        const created = (await t.app.inject({ method: 'POST', url: `/create-${kind}/`, ...multipart({ name: 'আগের নাম', description: 'd', alt_text: 'ছবি', image: await pngFile() }, admin) })).json()[kind];
        const oldFiles = filesOfImageUrl(t.database.dataDir, created.image);
        const res = await t.app.inject({ method: 'PUT', url: `/api/${kind}/${created.id}/`, ...multipart({ name: 'নতুন নাম', description: '', alt_text: '' }, admin) });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 200, message: `${Noun} updated Successfully!`, [kind]: { name: 'নতুন নাম', description: 'd', alt_text: 'ছবি', image: created.image } });
        const img = await t.app.inject({ method: 'PUT', url: `/api/${kind}/${created.id}/`, ...multipart({ image: await pngFile() }, admin) });
        expect(img.json()[kind].image).not.toBe(created.image);
        expect(oldFiles.filter((f) => fs.existsSync(f))).toEqual([]);
        expect((await t.app.inject({ method: 'PUT', url: `/api/${kind}/999999/`, ...multipart({ name: 'x' }, admin) })).statusCode).toBe(404);
      });

      it(`deletes a ${kind} and its image, but not one with books (409)`, async () => {
        const created = (await t.app.inject({ method: 'POST', url: `/create-${kind}/`, ...multipart({ name: 'মুছবে', image: await pngFile() }, admin) })).json()[kind];
        const files = filesOfImageUrl(t.database.dataDir, created.image);
        const res = await t.app.inject({ method: 'DELETE', url: `/api/${kind}/${created.id}/`, headers: admin });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 200, message: `${Noun} deleted!` });
        expect(files.filter((f) => fs.existsSync(f))).toEqual([]);

        const busy = (await t.app.inject({ method: 'POST', url: `/create-${kind}/`, ...multipart({ name: 'ব্যস্ত' }, admin) })).json()[kind];
        const now = nowIso();
        await t.services.database.db
          .insertInto('products')
          .values({ type: 'books', english_title: 'B', [`${kind}_id`]: busy.id, regular_price: 1, created_at: now, updated_at: now })
          .execute();
        const refused = await t.app.inject({ method: 'DELETE', url: `/api/${kind}/${busy.id}/`, headers: admin });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ status: 409, books: 1 });
      });

      it(`lets only admins write ${kind}s: 401 anonymous, 403 customer`, async () => {
        const body = multipart({ name: 'x' });
        for (const c of [
          { method: 'POST', url: `/create-${kind}/` },
          { method: 'PUT', url: `/api/${kind}/1/` },
          { method: 'DELETE', url: `/api/${kind}/1/` },
        ] as const) {
          expect((await t.app.inject({ ...c, payload: body.payload, headers: body.headers })).statusCode).toBe(401);
          expect((await t.app.inject({ ...c, payload: body.payload, headers: { ...body.headers, ...customer } })).statusCode).toBe(403);
        }
      });
    });
  }

  it('adds a logo (Logo added Successfully!) and deletes it with its files (with and without the slash)', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/create-logo/', ...multipart({ alt_text: 'হাট' }, admin) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Logo image required*', errors: { image: ['Logo image required*'] } });
    for (const slash of ['', '/']) {
      const res = await t.app.inject({ method: 'POST', url: '/create-logo/', ...multipart({ image: await pngFile(), alt_text: 'হাট' }, admin) });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 201, message: 'Logo added Successfully!', logo: { alt_text: 'হাট' } });
      const files = filesOfImageUrl(t.database.dataDir, res.json().logo.image);
      expect(files).toHaveLength(3);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/logo/${res.json().logo.id}${slash}`, headers: admin });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toMatchObject({ status: 200, message: 'Logo deleted!' });
      expect(files.filter((f) => fs.existsSync(f))).toEqual([]);
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/api/logo/999999', headers: admin })).statusCode).toBe(404);
  });

  it('adds a banner and saves its url; refuses an unsafe link; deletes it with its files', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/create-banner/', ...multipart({ alt_text: 'x', url: '/books' }, admin) });
    expect(missing.json()).toMatchObject({ status: 400, message: 'Banner image required*' });
    const bad = await t.app.inject({ method: 'POST', url: '/create-banner/', ...multipart({ image: await pngFile(), url: 'javascript:alert(1)' }, admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.url).toBeTruthy();
    const before = mediaFiles(t.database.dataDir);
    expect(mediaFiles(t.database.dataDir)).toEqual(before);
    const res = await t.app.inject({ method: 'POST', url: '/create-banner/', ...multipart({ image: await pngFile(), alt_text: 'বইমেলা', url: 'https://haat.example/offer' }, admin) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 201, message: 'Banner added Successfully!', banner: { alt_text: 'বইমেলা', url: 'https://haat.example/offer' } });
    const row = await t.services.database.db.selectFrom('banners').selectAll().where('id', '=', res.json().banner.id).executeTakeFirstOrThrow();
    expect(row.url).toBe('https://haat.example/offer');
    const files = filesOfImageUrl(t.database.dataDir, res.json().banner.image);
    expect(files).toHaveLength(3);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/banner/${row.id}`, headers: admin });
    expect(del.json()).toMatchObject({ status: 200, message: 'Banner deleted!' });
    expect(files.filter((f) => fs.existsSync(f))).toEqual([]);
  });

  it('lets only admins add or delete logos and banners and read the dashboard', async () => {
    const body = multipart({ alt_text: 'x' });
    for (const c of [
      { method: 'POST', url: '/create-logo/' },
      { method: 'POST', url: '/create-banner/' },
      { method: 'DELETE', url: '/api/logo/1' },
      { method: 'DELETE', url: '/api/banner/1' },
      { method: 'GET', url: '/api/dashboard/' },
    ] as const) {
      expect((await t.app.inject({ ...c, payload: c.method === 'POST' ? body.payload : undefined, headers: c.method === 'POST' ? body.headers : {} })).statusCode).toBe(401);
      expect((await t.app.inject({ ...c, payload: c.method === 'POST' ? body.payload : undefined, headers: c.method === 'POST' ? { ...body.headers, ...customer } : customer })).statusCode).toBe(403);
    }
  });

  it('counts users, admins, customers, books, orders, categories, authors and publishers on the dashboard', async () => {
    const db = t.services.database.db;
    const count = async (table: 'users' | 'categories' | 'authors' | 'publishers' | 'orders') =>
      Number((await db.selectFrom(table as 'users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/', headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['total_admins', 'total_authors', 'total_books', 'total_categories', 'total_customers', 'total_orders', 'total_publishers', 'total_users']);
    expect(body.total_users).toBe(await count('users'));
    expect(body.total_admins + body.total_customers).toBe(body.total_users);
    expect(body.total_admins).toBeGreaterThanOrEqual(1);
    expect(body.total_authors).toBe(await count('authors'));
    expect(body.total_publishers).toBe(await count('publishers'));
    expect(body.total_orders).toBe(await count('orders'));
    expect(body.total_books).toBe(Number((await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'books').executeTakeFirstOrThrow()).n));
  });
});
