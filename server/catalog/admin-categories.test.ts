import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { nowIso } from '../db/dialect';

describe(`admin category writes (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;

  beforeAll(async () => ({ t, admin, customer } = await openAdminApp()));
  afterAll(() => t.close());

  const enc = encodeURIComponent;

  async function create(name: string, parent: number | null | string = null) {
    const res = await t.app.inject({ method: 'POST', url: '/api/category/', headers: admin, payload: { name, parent } });
    return res;
  }

  async function row(id: number) {
    return t.services.database.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  it('adds a category under a parent: 201 Category added Successfully!', async () => {
    const top = await create('বই');
    expect(top.statusCode).toBe(201);
    expect(top.json()).toMatchObject({ status: 201, message: 'Category added Successfully!', category: { name: 'বই', parent: null, parent_name: null, children_count: 0 } });
    const child = await create('গল্প-উপন্যাস-কবিতা', top.json().category.id);
    expect(child.json().category).toMatchObject({ parent: top.json().category.id, parent_name: 'বই' });
    // The parent may come as text from a form; blank files it at the top level.
    const blank = await create('স্টেশনারি', '');
    expect(blank.json().category.parent).toBeNull();
  });

  it('requires a name with the Bengali message and an existing parent', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/category/', headers: admin, payload: { name: '  ', parent: null } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, message: 'ক্যাটাগরির নাম আবশ্যক*', errors: { name: ['ক্যাটাগরির নাম আবশ্যক*'] } });
    const noParent = await create('x', 999999);
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().errors.parent).toEqual(['Parent category 999999 does not exist.']);
    const strict = await t.app.inject({ method: 'POST', url: '/api/category/', headers: admin, payload: { name: 'y', is_admin: true } });
    expect(strict.statusCode).toBe(400);
    // A served read-only id is ignored, never assigned.
    const withId = await t.app.inject({ method: 'POST', url: '/api/category/', headers: admin, payload: { name: 'y', id: 999999 } });
    expect(withId.json().category.id).not.toBe(999999);
  });

  it('keeps names unique among siblings (409) but allows the same name under another parent', async () => {
    const a = (await create('একাডেমিক')).json().category.id;
    const b = (await create('ভর্তি')).json().category.id;
    expect((await create('গণিত', a)).statusCode).toBe(201);
    const dup = await create('গণিত', a);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().status).toBe(409);
    expect((await create('গণিত', b)).statusCode).toBe(201);
    const topDup = await create('একাডেমিক');
    expect(topDup.statusCode).toBe(409);
  });

  it('updates a category addressed by its Bengali name (URL-encoded): Category updated Successfully!', async () => {
    const parent = (await create('ইসলামিক')).json().category.id;
    const id = (await create('হাদিস', parent)).json().category.id;
    const res = await t.app.inject({ method: 'PUT', url: `/category/${enc('হাদিস')}/`, headers: admin, payload: { name: 'হাদিস ও সুন্নাহ', parent } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, message: 'Category updated Successfully!', category: { id, name: 'হাদিস ও সুন্নাহ', parent } });
    // Leaving the parent out keeps it; null moves it to the top.
    const keep = await t.app.inject({ method: 'PUT', url: `/category/${enc('হাদিস ও সুন্নাহ')}`, headers: admin, payload: { name: 'হাদিস' } });
    expect(keep.json().category.parent).toBe(parent);
    const top = await t.app.inject({ method: 'PUT', url: `/api/category/${id}/`, headers: admin, payload: { name: 'হাদিস', parent: null } });
    expect(top.json().category.parent).toBeNull();
    const noName = await t.app.inject({ method: 'PUT', url: `/api/category/${id}/`, headers: admin, payload: { name: '', parent: null } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('ক্যাটাগরির নাম আবশ্যক*');
    expect((await t.app.inject({ method: 'PUT', url: `/category/${enc('নেই')}/`, headers: admin, payload: { name: 'x' } })).statusCode).toBe(404);
  });

  it('finds a Bengali name whichever Unicode form the address uses (stored as NFC)', async () => {
    const precomposed = 'প\u09DCা';
    const created = (await create(precomposed)).json().category;
    expect(created.name).toBe(precomposed.normalize('NFC'));
    for (const form of [precomposed, precomposed.normalize('NFD'), precomposed.normalize('NFC')]) {
      const res = await t.app.inject({ method: 'PUT', url: `/category/${enc(form)}/`, headers: admin, payload: { name: form } });
      expect(res.statusCode).toBe(200);
      expect(res.json().category.id).toBe(created.id);
    }
  });

  it('answers 409 for a name shared by several categories and points to the id address', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/category/${enc('গণিত')}/`, headers: admin, payload: { name: 'গণিত ১' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('/api/category/');
    expect(res.json().ids).toHaveLength(2);
  });

  it('refuses to make a category its own ancestor: itself, its child, its grandchild (409)', async () => {
    const a = (await create('ক')).json().category.id;
    const b = (await create('খ', a)).json().category.id;
    const c = (await create('গ', b)).json().category.id;
    for (const parent of [a, b, c]) {
      const res = await t.app.inject({ method: 'PUT', url: `/category/${enc('ক')}/`, headers: admin, payload: { name: 'ক', parent } });
      expect(res.statusCode, String(parent)).toBe(409);
      expect(res.json().message).toBe('A category cannot be moved under itself or one of its own sub-categories.');
    }
    expect((await row(a))?.parent_id).toBeNull();
    // Moving a leaf elsewhere is fine.
    const ok = await t.app.inject({ method: 'PUT', url: `/api/category/${c}/`, headers: admin, payload: { name: 'গ', parent: a } });
    expect(ok.statusCode).toBe(200);
  });

  it('never builds a cycle from two moves at once (A under B while B goes under A)', async () => {
    for (let round = 0; round < 5; round++) {
      const a = (await create(`চক্র-ক-${round}`)).json().category.id;
      const b = (await create(`চক্র-খ-${round}`)).json().category.id;
      const [one, two] = await Promise.all([
        t.app.inject({ method: 'PUT', url: `/api/category/${a}/`, headers: admin, payload: { name: `চক্র-ক-${round}`, parent: b } }),
        t.app.inject({ method: 'PUT', url: `/api/category/${b}/`, headers: admin, payload: { name: `চক্র-খ-${round}`, parent: a } }),
      ]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
      const rows = [await row(a), await row(b)];
      expect(rows.filter((r) => r?.parent_id !== null)).toHaveLength(1);
    }
  });

  it('deletes a category by Bengali name with or without the trailing slash: Category deleted!', async () => {
    const one = (await create('মুছে ফেলুন')).json().category.id;
    const res = await t.app.inject({ method: 'DELETE', url: `/category/${enc('মুছে ফেলুন')}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, message: 'Category deleted!' });
    expect(await row(one)).toBeUndefined();
    const two = (await create('আবার মুছুন')).json().category.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/category/${enc('আবার মুছুন')}/`, headers: admin })).statusCode).toBe(200);
    expect(await row(two)).toBeUndefined();
    const three = (await create('আইডি দিয়ে')).json().category.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/category/${three}/`, headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/category/${three}/`, headers: admin })).statusCode).toBe(404);
  });

  it('refuses to delete a category with children or products (409) unless they are moved with ?move_to=', async () => {
    const parent = (await create('পুরনো')).json().category.id;
    const child = (await create('শাখা', parent)).json().category.id;
    const target = (await create('নতুন')).json().category.id;
    const now = nowIso();
    const product = await t.services.database.db
      .insertInto('products')
      .values({ type: 'stationary', english_title: 'Pen', category_id: parent, regular_price: 10, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await t.app.inject({ method: 'DELETE', url: `/category/${enc('পুরনো')}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, children: 1, products: 1 });
    const intoChild = await t.app.inject({ method: 'DELETE', url: `/category/${enc('পুরনো')}?move_to=${child}`, headers: admin });
    expect(intoChild.statusCode).toBe(409);
    const moved = await t.app.inject({ method: 'DELETE', url: `/category/${enc('পুরনো')}/?move_to=${target}`, headers: admin });
    expect(moved.statusCode).toBe(200);
    expect((await row(child))?.parent_id).toBe(target);
    const p = await t.services.database.db.selectFrom('products').select('category_id').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(p.category_id).toBe(target);
    expect(await row(parent)).toBeUndefined();
  });

  it('lets only admins write categories: 401 anonymous, 403 customer', async () => {
    const calls = [
      { method: 'POST', url: '/api/category/', payload: { name: 'z', parent: null } },
      { method: 'PUT', url: `/category/${enc('বই')}/`, payload: { name: 'z' } },
      { method: 'DELETE', url: `/category/${enc('বই')}` },
      { method: 'PUT', url: '/api/category/1/', payload: { name: 'z' } },
      { method: 'DELETE', url: '/api/category/1/' },
    ] as const;
    for (const c of calls) {
      expect((await t.app.inject({ ...c })).statusCode, `${c.method} ${c.url}`).toBe(401);
      expect((await t.app.inject({ ...c, headers: customer })).statusCode, `${c.method} ${c.url}`).toBe(403);
    }
  });
});
