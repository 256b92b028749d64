/**
 * The packing desk's calls on a real database (both dialects): labels and slips for the orders
 * named (404 naming unknown ids, 409 naming cancelled ones, at most 200), the COD a label shows,
 * the scan by order number, consignment id and tracking code, and marking a parcel packed once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from '../test/suite';
import { testDialect } from '../test/database';
import { nowIso } from '../db/dialect';
import { insertOrder, insertProduct } from '../test/orders-fixtures';
import { readBars, readPdf } from '../test/pdf';
import type { Signed } from '../test/app';

describe(`the packing desk (${testDialect})`, () => {
  const t = suiteApp();
  const db = () => t.services.database.db;
  let packer: Signed;
  let customer: Signed;
  let products: number[];

  beforeAll(async () => {
    packer = await t.signIn({ role: 'packer' });
    customer = await t.signIn();
    await t.services.settings.update({ shop_name: 'হাট বইঘর' });
    products = [await insertProduct(db(), { title: 'Clean Code' }), await insertProduct(db(), { title: 'পথের পাঁচালী' })];
    await db().updateTable('products').set({ isbn: '978-0-306-40615-7' }).where('id', '=', products[0]!).execute();
  });

  const order = (o: Parameters<typeof insertOrder>[2] = {}) => insertOrder(db(), products, o);

  /** Books the order's parcel with Steadfast as the shipments module records it. */
  async function book(id: number, consignment: string, tracking: string, cod: number) {
    const at = nowIso();
    await db().updateTable('orders').set({ courier: 'steadfast', consignment_id: consignment, tracking_code: tracking, shipment_status: 'booked', cod_amount: cod }).where('id', '=', id).execute();
    await db().insertInto('shipments').values({ order_id: id, courier: 'steadfast', booking: 'booked', consignment_id: consignment, tracking_code: tracking, state: 'booked', created_at: at, updated_at: at }).execute();
  }

  const get = (url: string, who: Signed = packer) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const post = (url: string, payload: object = {}, who: Signed = packer) => t.app.inject({ method: 'POST', url, headers: who.headers, payload });

  describe('labels', () => {
    it('nine orders on A4 make two pages of eight labels; each barcode reads back as its order number', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 9; i++) ids.push(await order());
      const res = await get(`/api/order/labels.pdf?ids=${ids.join(',')}&size=a4`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pages = readPdf(res.rawPayload);
      expect(pages.map((p) => [p.width, p.height])).toEqual([
        [595.28, 841.89],
        [595.28, 841.89],
      ]);
      const read = pages.map((p) => p.barGroups.filter((g) => g.length > 10).map(readBars));
      expect(read).toEqual([ids.slice(0, 8).map(String), [String(ids[8])]]);
      expect(pages[0]!.text).toContain('হাট বইঘর');
    });

    it("shows what the booked parcel collects (its cod_amount), else what is still due; A6 is one a page", async () => {
      const unbooked = await order();
      await db().updateTable('orders').set({ paid_amount: 100 }).where('id', '=', unbooked).execute();
      const booked = await order();
      await book(booked, `SF${booked}X`, `TR${booked}Y`, 777);
      const res = await get(`/api/order/labels.pdf?ids=${unbooked},${booked}&size=a6`);
      expect(res.statusCode, res.body).toBe(200);
      const [first, second] = readPdf(res.rawPayload);
      expect([first!.width, first!.height]).toEqual([297.64, 419.53]);
      // Two products at 300 and 60 delivery: 660, 100 already paid.
      expect(first!.text).toContain('৳ 560');
      expect(first!.text).toContain(String(unbooked));
      expect(second!.text).toContain('৳ 777');
      expect(second!.text).toContain(`CN SF${booked}X`);
      expect(second!.text).toContain(`Track TR${booked}Y`);
      expect(second!.text).toContain('Steadfast');
    });

    it('unknown ids: 404 naming them; a cancelled order: 409 naming it; more than 200 ids or a bad size: 400 on the field', async () => {
      const fine = await order();
      const missing = await get(`/api/order/labels.pdf?ids=${fine},99999998,99999999`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ missing: [99999998, 99999999] });
      expect(missing.json().message).toContain('#99999998, #99999999');
      const cancelled = await order({ status: 'Cancelled' });
      const refused = await get(`/api/order/labels.pdf?ids=${fine},${cancelled}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ cancelled: [cancelled] });
      const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
      const tooMany = await get(`/api/order/labels.pdf?ids=${many}`);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().errors.ids[0]).toContain('200');
      expect((await get(`/api/order/labels.pdf?ids=${fine}&size=a5`)).json().errors).toHaveProperty('size');
      expect((await get('/api/order/labels.pdf')).statusCode).toBe(400);
    });

    it('a customer may not print labels or slips', async () => {
      const id = await order();
      expect((await get(`/api/order/labels.pdf?ids=${id}`, customer)).statusCode).toBe(403);
      expect((await get(`/api/order/packing-slips.pdf?ids=${id}`, customer)).statusCode).toBe(403);
    });
  });

  it('packing slips: one A4 page per order with its lines, quantities and tick boxes; unknown ids 404', async () => {
    const a = await order();
    const b = await order();
    const res = await get(`/api/order/packing-slips.pdf?ids=${a},${b}`);
    expect(res.statusCode, res.body).toBe(200);
    const pages = readPdf(res.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.text).toContain(`Order #${a}`);
    expect(pages[0]!.text).toContain(`Product ${products[0]}`);
    expect(pages[0]!.outlines.filter(([w, h]) => w === 12 && h === 12)).toHaveLength(2);
    expect(pages[1]!.barGroups.filter((g) => g.length > 10).map(readBars)).toEqual([String(b)]);
    expect((await get('/api/order/packing-slips.pdf?ids=99999999')).statusCode).toBe(404);
  });

  describe('scan', () => {
    it('finds the order by its number (with or without #), its consignment id and its tracking code, answered as staff see it with each line ISBN', async () => {
      const id = await order();
      await book(id, `7${id}00`, `TRK${id}Z`, 660);
      for (const code of [String(id), `#${id}`, ` ${id} `, `7${id}00`, `TRK${id}Z`]) {
        const res = await post('/api/order/scan/', { code });
        expect(res.statusCode, `${code}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ id, consignment_id: `7${id}00`, packed_at: null });
      }
      const body = (await post('/api/order/scan/', { code: String(id) })).json();
      expect(body.items.map((i: { product: number; isbn: string }) => [i.product, i.isbn])).toEqual([
        [products[0], '978-0-306-40615-7'],
        [products[1], ''],
      ]);
      expect(body).toHaveProperty('customer_history');
    });

    it('a code nothing has: 404; no code: 400 on the field', async () => {
      expect((await post('/api/order/scan/', { code: 'NOPE-NOTHING' })).statusCode).toBe(404);
      expect((await post('/api/order/scan/', { code: '99999999' })).statusCode).toBe(404);
      const blank = await post('/api/order/scan/', { code: ' ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors).toHaveProperty('code');
    });
  });

  describe('packed', () => {
    it('marks a Pending order packed once, by the packer: again answers 200 unchanged; the order shows packed_at (packed_by to staff only)', async () => {
      const id = await order();
      await db().updateTable('orders').set({ user_id: customer.userId }).where('id', '=', id).execute();
      const first = await post(`/api/order/${id}/packed/`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ id, message: 'Packed.', packed_by: packer.userId, status: 'Pending' });
      const at = first.json().packed_at;
      expect(typeof at).toBe('string');
      const again = await post(`/api/order/${id}/packed/`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ message: 'Already packed.', packed_at: at, packed_by: packer.userId });
      expect((await get(`/api/order/${id}/`)).json()).toMatchObject({ packed_at: at, packed_by: packer.userId });
      const mine = (await get(`/api/order/${id}/`, customer)).json();
      expect(mine.packed_at).toBe(at);
      expect(mine).not.toHaveProperty('packed_by');
    });

    it('two packers scanning the same parcel at once: one is recorded, both answer 200', async () => {
      const id = await order();
      const other = await t.signIn({ role: 'packer' });
      const [a, b] = await Promise.all([post(`/api/order/${id}/packed/`), post(`/api/order/${id}/packed/`, {}, other)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect([a.json().message, b.json().message].sort()).toEqual(['Already packed.', 'Packed.']);
      expect(a.json().packed_by).toBe(b.json().packed_by);
      expect(a.json().packed_at).toBe(b.json().packed_at);
    });

    it('an order not Pending is not packed (409); an unknown order 404', async () => {
      for (const status of ['Cancelled', 'Delivered'] as const) {
        const id = await order({ status });
        const res = await post(`/api/order/${id}/packed/`);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ current_status: status });
      }
      expect((await post('/api/order/99999999/packed/')).statusCode).toBe(404);
    });

    it("the packing screen's print lists: parcels booked and not packed, and those booked today", async () => {
      const id = await order();
      await book(id, `LIST${id}`, `LIST${id}T`, 660);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
      let lists = await t.services.packing.printLists(today);
      expect(lists.to_pack).toContain(id);
      expect(lists.booked_today).toContain(id);
      await post(`/api/order/${id}/packed/`);
      lists = await t.services.packing.printLists(today);
      expect(lists.to_pack).not.toContain(id);
      expect(lists.booked_today).toContain(id);
    });
  });
});
