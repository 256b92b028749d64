/**
 * Pre-orders (issue 36; docs/preorders.md), through the API: a product's `preorder` field; a
 * pre-order takes no stock and counts against the limit; cash on delivery only; arriving stock
 * fills waiting lines oldest order first (one SMS per order), only the rest goes on sale; booking
 * waits for the stock and the release date (409); a mixed cart is held whole; the unconfirmed
 * sweep and the open-order limit ignore pre-orders; a cancel gives pre-order units back; the
 * counter never sells units owed to waiting pre-orders; the ledger adds up throughout.
 * On SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { withCourierApp, t, admin, db, book } from '../test/courier-app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { ledgerMismatches, movementsOf } from '../test/stock-fixtures';
import { multipart } from '../test/media-fixtures';
import type { Signed } from '../test/app';
import type { ShopSettings } from '../../domain/settings';
import { PREORDER_MESSAGES } from '../../domain/preorder-messages';
import { dhakaDate } from '../../domain/stock';

const FUTURE = '2099-02-21';
const PAST = '2020-02-21';

describe(`pre-orders (${testDialect})`, () => {
  withCourierApp();
  afterAll(async () => expect(await ledgerMismatches(db())).toEqual([]));

  const preorderProduct = async (limit: number, release = FUTURE, units_stock = 0) => {
    const id = await insertProduct(db(), { units_stock, regular_price: 400 });
    await db().updateTable('products').set({ preorder_release_date: release, preorder_limit: limit }).where('id', '=', id).execute();
    return id;
  };
  const figures = (id: number) => db().selectFrom('products').select(['units_stock', 'preorder_taken', 'preorder_waiting']).where('id', '=', id).executeTakeFirstOrThrow();
  const checkout = (who: Signed, lines: { product: number; quantity: number }[], extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/checkout/', headers: who.headers, payload: checkoutBody(lines, extra) });
  const placed = async (who: Signed, lines: { product: number; quantity: number }[]) => {
    const res = await checkout(who, lines);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order_id as number;
  };
  const orderOf = async (id: number, who: Signed = admin) => (await t.app.inject({ url: `/api/order/${id}/`, headers: who.headers })).json();
  const sms = (phone: string) => db().selectFrom('sms_outbox').select(['text']).where('to_phone', '=', phone).where('kind', '=', 'preorder_filled').execute();
  const receive = async (product: number, quantity: number, who: Signed) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/stock/receipts/', headers: who.headers, payload: { supplier: 'অন্যপ্রকাশ', lines: [{ product, quantity }] } });
    expect(res.statusCode, res.body).toBe(201);
  };
  const withSettings = async (changes: Partial<ShopSettings>, run: () => Promise<void>) => {
    const before = await t.services.settings.get();
    await t.services.settings.update(changes);
    try {
      await run();
    } finally {
      await t.services.settings.update(Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof ShopSettings]])));
    }
  };

  describe('the product field', () => {
    it('PUT takes preorder as JSON and multipart as JSON text; the answer shows {release_date, limit} and the units left; null clears it', async () => {
      const id = await insertProduct(db(), { units_stock: 0 });
      const put = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, headers: admin.headers, payload: { preorder: { release_date: FUTURE, limit: 40 } } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().product).toMatchObject({ preorder: { release_date: FUTURE, limit: 40 }, preorder_available: 40, preorder_taken: 0, preorder_waiting: 0 });
      const shopper = await t.app.inject({ url: `/api/product/${id}/` });
      expect(shopper.json()).toMatchObject({ preorder: { release_date: FUTURE, limit: 40 }, preorder_available: 40 });
      expect(shopper.json()).not.toHaveProperty('preorder_taken');

      const form = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, ...multipart({ preorder: JSON.stringify({ release_date: '2099-03-01', limit: 7 }) }, admin.headers) });
      expect(form.statusCode, form.body).toBe(200);
      expect(form.json().product.preorder).toEqual({ release_date: '2099-03-01', limit: 7 });
      // The cached shopper's answer follows the edit.
      expect((await t.app.inject({ url: `/api/product/${id}/` })).json()).toMatchObject({ preorder: { limit: 7 }, preorder_available: 7 });

      const cleared = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, headers: admin.headers, payload: { preorder: null } });
      expect(cleared.json().product).toMatchObject({ preorder: null, preorder_available: null });
    });

    it('a bad release date or limit is 400 per field; a limit below the units already pre-ordered is 400', async () => {
      const id = await preorderProduct(3);
      const bad = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, headers: admin.headers, payload: { preorder: { release_date: '2099-02-30', limit: 0 } } });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['preorder.limit', 'preorder.release_date']);
      await placed(await t.signIn(), [{ product: id, quantity: 2 }]);
      const below = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, headers: admin.headers, payload: { preorder: { release_date: FUTURE, limit: 1 } } });
      expect(below.statusCode).toBe(400);
      expect(below.json().errors).toEqual({ 'preorder.limit': [PREORDER_MESSAGES.belowTaken(2)] });
    });
  });

  describe('checkout', () => {
    it('a pre-order sells with no stock: the line waits, the order shows its release date, no stock moves, the units left go down', async () => {
      const id = await preorderProduct(5);
      const customer = await t.signIn();
      const order = await orderOf(await placed(customer, [{ product: id, quantity: 2 }]), customer);
      expect(order.preorder).toEqual({ release_date: FUTURE, waiting: true });
      expect(order.items[0].preorder).toBe('waiting');
      expect(await figures(id)).toEqual({ units_stock: 0, preorder_taken: 2, preorder_waiting: 2 });
      expect(await movementsOf(db(), id)).toEqual([]);
      expect((await t.app.inject({ url: `/api/product/${id}/` })).json().preorder_available).toBe(3);
    });

    it('more than the units left is 409 with what is left; nothing is taken', async () => {
      const id = await preorderProduct(2);
      const res = await checkout(await t.signIn(), [{ product: id, quantity: 3 }]);
      expect(res.statusCode).toBe(409);
      expect(res.json().out_of_stock).toEqual([expect.objectContaining({ product: id, available: 2, preorder: true })]);
      expect(await figures(id)).toEqual({ units_stock: 0, preorder_taken: 0, preorder_waiting: 0 });
    });

    it('cash on delivery only: a wallet payment with a pre-order line is 400 on payment_option, nothing placed; for staff orders too', async () => {
      const id = await preorderProduct(5);
      const res = await checkout(await t.signIn(), [{ product: id, quantity: 1 }], { payment_option: 'bkash', bkash_transaction_ID: 'TRX12345', transaction_amount: 460 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ payment_option: [PREORDER_MESSAGES.payment] });
      const staff = { customer_phone: '01755500011', name: 'রহিমা', district: 'ঢাকা', upazila_thana: 'মিরপুর', delivery_address: 'বাড়ি ৫', delivery_option: 'dhaka_home', lines: [{ product: id, quantity: 1 }], source: 'phone' };
      const wallet = await t.app.inject({ method: 'POST', url: '/api/order/', headers: admin.headers, payload: { ...staff, payment_option: 'nagad', nagad_transaction_ID: 'NG123456', transaction_amount: 460 } });
      expect(wallet.statusCode).toBe(400);
      expect(wallet.json().errors).toEqual({ payment_option: [PREORDER_MESSAGES.payment] });
      expect(await figures(id)).toMatchObject({ preorder_taken: 0 });
      const cod = await t.app.inject({ method: 'POST', url: '/api/order/', headers: admin.headers, payload: { ...staff, payment_option: 'cod' } });
      expect(cod.statusCode, cod.body).toBe(201);
      expect(cod.json().preorder).toEqual({ release_date: FUTURE, waiting: true });
    });

    it('a pre-order product with stock on sale and its release date come sells from stock as usual', async () => {
      const id = await preorderProduct(5, PAST, 4);
      const order = await orderOf(await placed(await t.signIn(), [{ product: id, quantity: 1 }]));
      expect(order.preorder).toBeNull();
      expect(order.items[0].preorder).toBeNull();
      expect(await figures(id)).toEqual({ units_stock: 3, preorder_taken: 0, preorder_waiting: 0 });
    });

    it('pre-orders count toward no open-order limit', async () => {
      await withSettings({ max_open_orders_per_customer: 1 }, async () => {
        const id = await preorderProduct(5);
        const plain = await insertProduct(db(), { units_stock: 5 });
        const customer = await t.signIn();
        await placed(customer, [{ product: id, quantity: 1 }]);
        await placed(customer, [{ product: plain, quantity: 1 }]);
        expect((await checkout(customer, [{ product: plain, quantity: 1 }])).statusCode).toBe(400);
      });
    });
  });

  describe('filling from arriving stock', () => {
    it('a receipt fills waiting lines oldest order first; the first it cannot cover stops it; each filled order texted once; only the rest goes on sale', async () => {
      const id = await preorderProduct(10, PAST);
      const [a, b, c] = [await t.signIn(), await t.signIn(), await t.signIn()];
      const first = await placed(a, [{ product: id, quantity: 2 }]);
      const second = await placed(b, [{ product: id, quantity: 3 }]);
      const third = await placed(c, [{ product: id, quantity: 2 }]);
      const manager = await t.signIn({ role: 'manager' });

      await receive(id, 4, manager);
      expect((await orderOf(first)).preorder).toEqual({ release_date: PAST, waiting: false });
      expect((await orderOf(second)).items[0].preorder).toBe('waiting');
      expect((await orderOf(third)).items[0].preorder).toBe('waiting'); // not ahead of the second
      // 2 left on the shelf, all owed to the waiting 5: nothing on sale.
      expect(await figures(id)).toEqual({ units_stock: 2, preorder_taken: 7, preorder_waiting: 5 });
      expect(await sms(a.phone)).toHaveLength(1);
      expect(await sms(b.phone)).toHaveLength(0);
      const refused = await t.services.catalog.stock.change(db(), [{ product: id, delta: -1 }], { reason: 'counter', ref: 'order:0', user: null });
      expect(refused.refused).not.toBeNull();

      await receive(id, 10, manager);
      expect((await orderOf(second)).preorder.waiting).toBe(false);
      expect((await orderOf(third)).preorder.waiting).toBe(false);
      expect(await figures(id)).toEqual({ units_stock: 7, preorder_taken: 7, preorder_waiting: 0 });
      expect((await sms(a.phone)).length + (await sms(b.phone)).length + (await sms(c.phone)).length).toBe(3);
      expect((await sms(b.phone))[0]!.text).toContain(`#${second}`);
      // Each fill is a sale of its order in the ledger.
      expect((await movementsOf(db(), id)).filter((m) => m.reason === 'sale').map((m) => [m.delta, m.ref])).toEqual([[-2, `order:${first}`], [-3, `order:${second}`], [-2, `order:${third}`]]);
      // The rest is on sale now: a shopper gets it from stock.
      expect((await orderOf(await placed(await t.signIn(), [{ product: id, quantity: 1 }]))).preorder).toBeNull();
    });

    it('the sweep fills what the hooks missed (stock back from a cancel)', async () => {
      const id = await preorderProduct(1, PAST);
      const plainBuyer = await t.signIn();
      const waiting = await placed(await t.signIn(), [{ product: id, quantity: 1 }]);
      // A unit comes back without a hook: an adjustment written straight through the ledger.
      await t.services.catalog.stock.change(db(), [{ product: id, delta: 1 }], { reason: 'adjustment', ref: '', user: null });
      expect((await orderOf(waiting)).preorder.waiting).toBe(true);
      expect(await t.services.orders.preorders.sweep()).toBeGreaterThanOrEqual(1);
      expect((await orderOf(waiting)).preorder.waiting).toBe(false);
      expect(await sms(plainBuyer.phone)).toHaveLength(0);
    });
  });

  describe('booking and the order desk', () => {
    it('booking waits for the stock (409), then for the release date (409); once both have come it is allowed', async () => {
      const id = await preorderProduct(5, FUTURE);
      const order = await placed(await t.signIn(), [{ product: id, quantity: 1 }]);
      const waiting = await book(order);
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json().message).toBe(PREORDER_MESSAGES.waitingBooking(order));
      await receive(id, 1, await t.signIn({ role: 'manager' }));
      const early = await book(order);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(PREORDER_MESSAGES.beforeRelease(order, FUTURE));
      // The release date comes (the order carries it from checkout).
      await db().updateTable('orders').set({ preorder_release_date: dhakaDate(Date.now()) }).where('id', '=', order).execute();
      const ok = await book(order);
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('a mixed cart is held whole: the stock line is taken at once, but nothing goes out until the pre-order line is filled', async () => {
      const pre = await preorderProduct(5, PAST);
      const plain = await insertProduct(db(), { units_stock: 5 });
      const order = await placed(await t.signIn(), [{ product: plain, quantity: 1 }, { product: pre, quantity: 1 }]);
      const view = await orderOf(order);
      expect(view.items.map((i: { product: number; preorder: string | null }) => [i.product, i.preorder])).toEqual([[plain, null], [pre, 'waiting']]);
      expect(await figures(plain)).toMatchObject({ units_stock: 4 });
      expect((await book(order)).statusCode).toBe(409);
      const delivered = await t.app.inject({ method: 'PUT', url: `/api/order/${order}/`, headers: admin.headers, payload: { status: 'Delivered' } });
      expect(delivered.statusCode).toBe(409);
      await receive(pre, 1, await t.signIn({ role: 'manager' }));
      expect((await book(order)).statusCode).toBe(200);
    });

    it('editing the lines of a pre-order order is 409', async () => {
      const id = await preorderProduct(5);
      const order = await placed(await t.signIn(), [{ product: id, quantity: 1 }]);
      const res = await t.app.inject({ method: 'PUT', url: `/api/order/${order}/`, headers: admin.headers, payload: { lines: [{ product: id, quantity: 2 }] } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PREORDER_MESSAGES.noEdit(order));
    });

    it('a cancel gives waiting lines\' pre-order units back and filled lines\' stock back', async () => {
      const id = await preorderProduct(5, PAST);
      const waiting = await placed(await t.signIn(), [{ product: id, quantity: 2 }]);
      const filled = await placed(await t.signIn(), [{ product: id, quantity: 1 }]);
      await db().updateTable('orders').set({ created_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', filled).execute(); // oldest: filled first
      await receive(id, 1, await t.signIn({ role: 'manager' }));
      expect((await orderOf(filled)).preorder.waiting).toBe(false);
      expect(await figures(id)).toEqual({ units_stock: 0, preorder_taken: 3, preorder_waiting: 2 });
      const cancel = (order: number) => t.app.inject({ method: 'PUT', url: `/api/order/${order}/`, headers: admin.headers, payload: { status: 'Cancelled' } });
      expect((await cancel(waiting)).statusCode).toBe(200);
      expect(await figures(id)).toEqual({ units_stock: 0, preorder_taken: 1, preorder_waiting: 0 });
      expect((await cancel(filled)).statusCode).toBe(200);
      expect(await figures(id)).toEqual({ units_stock: 1, preorder_taken: 0, preorder_waiting: 0 });
      expect((await movementsOf(db(), id)).map((m) => m.reason)).toEqual(['receipt', 'sale', 'cancel']);
    });

    it('the unconfirmed sweep never cancels a pre-order', async () => {
      await withSettings({ order_confirmation: 'sms', unconfirmed_cancel_hours: 1 }, async () => {
        const id = await preorderProduct(5);
        const plain = await insertProduct(db(), { units_stock: 5 });
        const pre = await placed(await t.signIn(), [{ product: id, quantity: 1 }]);
        const normal = await placed(await t.signIn(), [{ product: plain, quantity: 1 }]);
        expect((await orderOf(pre)).confirmation).toBe('unconfirmed');
        const later = Date.now() + 3 * 3600_000;
        await t.services.orders.confirmation.sweep(later);
        expect((await orderOf(normal)).status).toBe('Cancelled');
        expect((await orderOf(pre)).status).toBe('Pending');
      });
    });
  });
});
