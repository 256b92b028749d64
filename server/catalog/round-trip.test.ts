/**
 * A client that reads an object and sends it back with one change (as REST frameworks' clients
 * do) must succeed: the read-only fields the API served are ignored, unknown keys still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProductAdmin, type ProductAdminContext } from '../test/catalog-admin';
import { testDialect } from '../test/database';
import { multipart, pngFile } from '../test/media-fixtures';

describe(`the API takes back what it served (${testDialect})`, () => {
  let c: ProductAdminContext;
  beforeAll(async () => (c = await openProductAdmin()));
  afterAll(() => c.t.close());

  const get = async (url: string) => {
    const res = await c.t.app.inject({ method: 'GET', url, headers: c.admin });
    expect(res.statusCode, url).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  const put = (url: string, payload: unknown) => c.t.app.inject({ method: 'PUT', url, headers: c.admin, payload: payload as Record<string, unknown> });

  it('a book, an electronics item and a stationery item read and put back with a new title are saved', async () => {
    const book = (await c.createBook({ offer_type: 'Percentage', percentage: 10 })).json().product as { id: number };
    const gadget = await c.t.app.inject({ method: 'POST', url: '/create-electronics/', ...multipart({ english_title: 'Radio', purchase_price: 1, regular_price: 10, units_stock: 1, category: c.category, warranty: '1 year', image: await pngFile() }, c.admin) });
    const pen = await c.t.app.inject({ method: 'POST', url: '/create-stationary/', ...multipart({ english_title: 'Pen', purchase_price: 1, regular_price: 10, units_stock: 1, image: await pngFile() }, c.admin) });
    for (const id of [book.id, gadget.json().product.id as number, pen.json().product.id as number]) {
      const served = await get(`/api/product/${id}/`);
      const res = await put(`/api/product/${id}/`, { ...served, english_title: `${String(served.english_title)} 2` });
      expect(res.statusCode, res.body).toBe(200);
      const after = await get(`/api/product/${id}/`);
      expect(after).toMatchObject({ ...served, english_title: `${String(served.english_title)} 2`, updated_at: after.updated_at });
    }
  });

  it('an author and a publisher read and put back are saved', async () => {
    for (const kind of ['author', 'publisher']) {
      const created = (await c.t.app.inject({ method: 'POST', url: `/create-${kind}/`, ...multipart({ name: `${kind} one`, image: await pngFile() }, c.admin) })).json()[kind] as { id: number };
      const served = await get(`/api/${kind}/${created.id}/`);
      const res = await put(`/api/${kind}/${created.id}/`, { ...served, description: 'changed' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await get(`/api/${kind}/${created.id}/`)).toEqual({ ...served, description: 'changed' });
    }
  });

  it('a category read from the list (with children) and put back is saved, by id and by name', async () => {
    const parent = (await c.t.app.inject({ method: 'POST', url: '/api/category/', headers: c.admin, payload: { name: 'গল্প' } })).json().category as { id: number };
    await c.t.app.inject({ method: 'POST', url: '/api/category/', headers: c.admin, payload: { name: 'ছোটগল্প', parent: parent.id } });
    const listed = (await get('/api/category/?name=গল্প')).results as Record<string, unknown>[];
    const served = listed.find((x) => x.id === parent.id)!;
    expect(served.children).toHaveLength(1);
    expect((await put(`/api/category/${parent.id}/`, { ...served, name: 'গল্প ২' })).statusCode).toBe(200);
    const one = await get(`/api/category/${parent.id}/`);
    const byName = await put(`/category/${encodeURIComponent('গল্প ২')}/`, { ...one, name: 'গল্প ৩' });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(await get(`/api/category/${parent.id}/`)).toMatchObject({ name: 'গল্প ৩', parent: null });
  });

  it('a banner read back and sent again with a new image is added', async () => {
    const first = await c.t.app.inject({ method: 'POST', url: '/create-banner/', ...multipart({ url: '/books', alt_text: 'b', image: await pngFile() }, c.admin) });
    const served = (await get('/api/banner/')).results as Record<string, unknown>[];
    expect(first.statusCode).toBe(201);
    const { images: _images, ...again } = served[0] as Record<string, string | number>;
    const res = await c.t.app.inject({ method: 'POST', url: '/create-banner/', ...multipart({ ...again, image: await pngFile() }, c.admin) });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('unknown keys such as is_admin, and a value in another type’s field, still answer 400', async () => {
    const book = (await c.createBook()).json().product as { id: number };
    const served = await get(`/api/product/${book.id}/`);
    const res = await put(`/api/product/${book.id}/`, { ...served, is_admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400 });
    const other = await put(`/api/product/${book.id}/`, { ...served, warranty: 'two years' });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toHaveProperty('warranty');
    expect((await put(`/api/category/${c.category}/`, { name: 'x', is_admin: true })).statusCode).toBe(400);
  });
});
