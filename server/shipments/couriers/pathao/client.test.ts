import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePathao, type FakePathao } from './fake';
import { CourierError, type ParcelInput } from '../../courier';
import { createCouriers } from '..';
import { courierSettings } from '../../../config';
import { PathaoCourier, pathaoState, type PathaoOptions } from './client';

let fake: FakePathao;
beforeEach(async () => {
  fake = await startFakePathao();
});
afterEach(() => fake.close());

const client = (over: Partial<PathaoOptions> = {}) => new PathaoCourier({ baseUrl: fake.url, ...fake.credentials, ...over });

function parcel(orderId: number, over: Partial<ParcelInput> = {}): ParcelInput {
  return {
    orderId,
    recipientName: 'Karim Ahmed',
    recipientPhone: '01812345678',
    alternativePhone: '',
    recipientEmail: '',
    recipientAddress: 'House 5, Road 2, Savar Bazar, Savar, Dhaka',
    district: 'Dhaka',
    upazila: 'Savar',
    codAmount: 850,
    note: 'Call first',
    itemDescription: '1 book',
    itemQuantity: 1,
    itemWeight: 0.4,
    ...over,
  };
}

describe('Pathao booking', () => {
  it('books a parcel with the documented fields, the city and zone matched from district and upazila', async () => {
    const booked = await client().book(parcel(101));
    expect(booked).toMatchObject({ trackingCode: booked.consignmentId, state: 'booked', courierStatus: 'Pending' });
    expect(fake.parcels.get(booked.consignmentId)!.sent).toEqual({
      store_id: 12345,
      merchant_order_id: '101',
      recipient_name: 'Karim Ahmed',
      recipient_phone: '01812345678',
      recipient_address: 'House 5, Road 2, Savar Bazar, Savar, Dhaka',
      recipient_city: 1,
      recipient_zone: 11,
      delivery_type: 48,
      item_type: 2,
      special_instruction: 'Call first',
      item_quantity: 1,
      item_weight: 0.5,
      amount_to_collect: 850,
      item_description: '1 book',
    });
  });

  it("the admin's choice of city, zone and area wins over matching", async () => {
    const booked = await client().book(parcel(102, { extra: { recipient_city: 1, recipient_zone: 14, recipient_area: 141 } }));
    expect(fake.parcels.get(booked.consignmentId)!.sent).toMatchObject({ recipient_city: 1, recipient_zone: 14, recipient_area: 141 });
  });

  it('a place Pathao does not list is refused before any order is sent', async () => {
    await expect(client().book(parcel(103, { district: 'Bagerhat', upazila: 'Mongla' }))).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('city') });
    await expect(client().book(parcel(103, { upazila: 'Nowhere' }))).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('zone') });
    expect(fake.creates).toBe(0);
  });

  it('a refused order is a CourierError with Pathao words', async () => {
    fake.failNext = 'Store is inactive';
    await expect(client().book(parcel(104))).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('Store is inactive') });
    await expect(client().book(parcel(105, { recipientPhone: '123' }))).rejects.toMatchObject({ message: expect.stringContaining('recipient_phone') });
  });

  it('a booking that times out is a CourierError of kind timeout, sent once', async () => {
    const c = client({ timeoutMs: 100 });
    await c.cities(); // the token and the lists come first
    await c.zones(1);
    fake.delayMs = 400;
    const err = await c.book(parcel(106)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CourierError);
    expect((err as CourierError).kind).toBe('timeout');
    fake.delayMs = 0;
    await new Promise((r) => setTimeout(r, 400));
    expect(fake.creates).toBe(1);
  });

  it('wrong credentials are refused and the message never carries the secret or password', async () => {
    for (const over of [{ clientSecret: 'wrong-secret-xyz' }, { password: 'wrong-password-xyz' }]) {
      const err = (await client(over).book(parcel(107)).catch((e: unknown) => e)) as CourierError;
      expect(err).toBeInstanceOf(CourierError);
      expect(err.kind).toBe('refused');
      const text = `${err.message} ${String(err.raw)}`;
      expect(text).not.toMatch(/wrong-(secret|password)-xyz/);
      expect(text).not.toContain(fake.credentials.password);
    }
    expect((await client({ password: 'wrong-password-xyz' }).ping()).ok).toBe(false);
  });

  it('bookMany books one by one and reports each, one failure among many', async () => {
    const results = await client().bookMany([parcel(201), parcel(202, { recipientPhone: '1' }), parcel(203)]);
    expect(results.map((r) => [r.orderId, r.ok])).toEqual([[201, true], [202, false], [203, true]]);
    expect(results[1]!.message).toContain('recipient_phone');
    expect(fake.parcels.size).toBe(2);
  });

  it('findBooked answers null: the public API has no lookup by merchant order id', async () => {
    await client().book(parcel(204));
    expect(await client().findBooked(204)).toBeNull();
  });
});

describe('Pathao token', () => {
  it('one token serves 20 bookings', async () => {
    const c = client();
    for (let i = 0; i < 20; i++) await c.book(parcel(300 + i));
    expect(fake.tokenIssues).toBe(1);
    expect(fake.refreshes).toBe(0);
  });

  it('concurrent callers share one token request', async () => {
    const c = client();
    await Promise.all(Array.from({ length: 10 }, (_, i) => c.book(parcel(400 + i))));
    expect(fake.tokenIssues).toBe(1);
  });

  it('is refreshed shortly before it expires, with the refresh token', async () => {
    let now = 1_000_000;
    fake.expiresIn = 3600;
    const c = client({ now: () => now });
    await c.book(parcel(501));
    now += 3000 * 1000; // 50 minutes of the hour: still good
    await c.book(parcel(502));
    expect([fake.tokenIssues, fake.refreshes]).toEqual([1, 0]);
    now += 300 * 1000; // 55 minutes: inside the last tenth
    await c.book(parcel(503));
    expect([fake.tokenIssues, fake.refreshes]).toEqual([1, 1]);
  });

  it('a token Pathao no longer takes is replaced once and the call goes through', async () => {
    const c = client();
    await c.book(parcel(601));
    fake.expireTokens();
    await c.book(parcel(602));
    expect(fake.parcels.size).toBe(2);
    expect(fake.tokenIssues + fake.refreshes).toBe(2);
  });
});

describe('Pathao lists, places and price', () => {
  it('lists are cached: one call each however often they are asked', async () => {
    const c = client();
    for (let i = 0; i < 3; i++) {
      expect((await c.cities()).map((x) => x.city_name)).toContain('Dhaka');
      expect((await c.zones(1)).map((z) => z.zone_name)).toContain('Savar');
      expect((await c.areas(11))[0]).toMatchObject({ area_name: 'Savar Bazar', home_delivery_available: true });
    }
    await Promise.all([c.zones(2), c.zones(2)]);
    expect(fake.listCalls).toEqual({ cities: 1, zones: 2, areas: 1 });
  });

  it('lists are read again after their time', async () => {
    let now = 0;
    const c = client({ now: () => now, listTtlMs: 1000 });
    await c.cities();
    now += 1001;
    await c.cities();
    expect(fake.listCalls.cities).toBe(2);
  });

  it('matchPlace matches district and upazila by English name, case and spaces aside', async () => {
    const c = client();
    expect(await c.matchPlace('dhaka', 'KERANIGANJ')).toEqual({ city_id: 1, zone_id: 12 });
    expect(await c.matchPlace('Gazipur', 'Kaliakair')).toEqual({ city_id: 3, zone_id: 31 });
    expect(await c.matchPlace('Chittagong', 'Patiya')).toEqual({ city_id: 2, zone_id: 21 });
    expect(await c.matchPlace('Dhaka', 'Dohar')).toEqual({ city_id: 1 });
    expect(await c.matchPlace('Bagerhat', 'Mongla')).toEqual({});
  });

  it('matchPlace takes Bengali names through toEnglish', async () => {
    const names: Record<string, string> = { ঢাকা: 'Dhaka', সাভার: 'Savar' };
    expect(await client({ toEnglish: (s) => names[s] ?? s }).matchPlace('ঢাকা', 'সাভার')).toEqual({ city_id: 1, zone_id: 11 });
  });

  it('price answers the price plan', async () => {
    expect(await client().price({ itemWeight: 1.5, cityId: 1, zoneId: 11 })).toMatchObject({ final_price: 75, cod_percentage: 0.01 });
  });
});

describe('Pathao status', () => {
  it('follows the parcel as Pathao moves it', async () => {
    const c = client();
    const booked = await c.book(parcel(701));
    for (const [word, state] of [['Pending', 'booked'], ['Picked', 'in_transit'], ['Assigned_for_Delivery', 'out_for_delivery'], ['Delivered', 'delivered'], ['Return', 'returned']] as const) {
      fake.setStatus(booked.consignmentId, word);
      expect(await c.status(booked.consignmentId)).toMatchObject({ state, courierStatus: word });
    }
    await expect(c.status('NOPE')).rejects.toMatchObject({ kind: 'refused' });
  });

  it('maps every order status we know', () => {
    const words = ['Pending', 'Pickup_Requested', 'Assigned_for_Pickup', 'Picked', 'At_the_Sorting_HUB', 'In_Transit', 'Received_at_Last_Mile_HUB', 'Assigned_for_Delivery', 'Delivered', 'Partial_Delivery', 'Return', 'Delivery_Failed', 'On_Hold', 'Payment_Invoice', 'Paid_Return', 'Exchange', 'Pickup_Cancelled'];
    expect(words.map(pathaoState)).toEqual(['booked', 'booked', 'booked', 'in_transit', 'in_transit', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered', 'partly_delivered', 'returned', 'on_hold', 'on_hold', 'delivered', 'returned', 'unknown', 'cancelled']);
  });

  it('ping answers ok with good credentials', async () => {
    expect(await client().ping()).toMatchObject({ ok: true });
  });
});

describe('createCouriers', () => {
  it('has Pathao only when all its credentials and the store are set', () => {
    expect(createCouriers(courierSettings({ ...fake.env })).pathao).toBeInstanceOf(PathaoCourier);
    expect(createCouriers(courierSettings({ ...fake.env, PATHAO_STORE_ID: '' })).pathao).toBeUndefined();
  });
});
