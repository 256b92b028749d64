import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSteadfast, type FakeSteadfast } from './fake';
import { CourierError, type ParcelInput } from '../../courier';
import { createCouriers } from '..';
import { courierSettings } from '../../../config';
import { INVOICE_PREFIX, SteadfastCourier, steadfastState } from './client';

let fake: FakeSteadfast;
beforeEach(async () => {
  fake = await startFakeSteadfast();
});
afterEach(() => fake.close());

const client = (over: Partial<ConstructorParameters<typeof SteadfastCourier>[0]> = {}) =>
  new SteadfastCourier({ baseUrl: fake.url, apiKey: fake.credentials.apiKey, secretKey: fake.credentials.secretKey, ...over });

function parcel(orderId: number, over: Partial<ParcelInput> = {}): ParcelInput {
  return {
    orderId,
    recipientName: 'Rahim Uddin',
    recipientPhone: '01712345678',
    alternativePhone: '',
    recipientEmail: 'rahim@example.com',
    recipientAddress: 'House 17/1, Road 3/A, Dhanmondi, Dhaka',
    district: 'Dhaka',
    upazila: 'Savar',
    codAmount: 1060,
    note: 'Deliver within 3 PM',
    itemDescription: '2 books',
    itemQuantity: 2,
    itemWeight: 0.8,
    ...over,
  };
}

describe('Steadfast booking', () => {
  it('books a parcel with the documented fields, our order id as the invoice', async () => {
    const booked = await client().book(parcel(101));
    const stored = fake.parcels.get(booked.consignmentId)!;
    expect(stored.sent).toEqual({
      invoice: '101',
      recipient_name: 'Rahim Uddin',
      recipient_phone: '01712345678',
      recipient_email: 'rahim@example.com',
      recipient_address: 'House 17/1, Road 3/A, Dhanmondi, Dhaka',
      cod_amount: 1060,
      note: 'Deliver within 3 PM',
      item_description: '2 books',
    });
    expect(booked).toMatchObject({ trackingCode: stored.tracking_code, state: 'booked', courierStatus: 'in_review' });
  });

  it('cuts the address to 250 characters', async () => {
    const booked = await client().book(parcel(102, { recipientAddress: 'x'.repeat(300) }));
    expect(fake.parcels.get(booked.consignmentId)!.recipient_address).toHaveLength(250);
  });

  it('a second parcel for the same order is refused, with Steadfast words', async () => {
    await client().book(parcel(103));
    const err = await client().book(parcel(103)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CourierError);
    expect(err).toMatchObject({ kind: 'refused', message: expect.stringContaining('invoice has already been taken') });
    expect(fake.parcels.size).toBe(1);
  });

  it('a refused create is a CourierError carrying the courier message', async () => {
    fake.failNext = 'Insufficient balance';
    await expect(client().book(parcel(104))).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('Insufficient balance') });
  });

  it('a booking is never retried: a timeout is one create and a CourierError of kind timeout', async () => {
    fake.delayMs = 300;
    const err = await client({ timeoutMs: 50 }).book(parcel(105)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CourierError);
    expect((err as CourierError).kind).toBe('timeout');
    fake.delayMs = 0;
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.creates).toBe(1);
  });

  it('wrong credentials are refused and the message never carries the secret', async () => {
    const err = (await client({ secretKey: 'wrong-secret-123' }).book(parcel(106)).catch((e: unknown) => e)) as CourierError;
    expect(err).toBeInstanceOf(CourierError);
    expect(err.kind).toBe('refused');
    expect(err.message).toContain('401');
    expect(`${err.message} ${String(err.raw)}`).not.toContain('wrong-secret-123');
    expect(`${err.message} ${String(err.raw)}`).not.toContain(fake.credentials.apiKey);
    const ping = await client({ secretKey: 'wrong-secret-123' }).ping();
    expect(ping.ok).toBe(false);
    expect(ping.message).not.toContain('wrong-secret-123');
  });
});

describe('Steadfast bulk order', () => {
  it('books many in one call and reports one result per input, in order, with one failure among many', async () => {
    fake.bulkFailInvoices.add('203');
    const inputs = [201, 202, 203, 204, 205].map((id) => parcel(id));
    const results = await client().bookMany(inputs);
    expect(fake.bulkCalls).toBe(1);
    expect(results.map((r) => [r.orderId, r.ok])).toEqual([[201, true], [202, true], [203, false], [204, true], [205, true]]);
    expect(results[2]!.message).toContain('Could not create');
    expect(fake.parcels.get(results[0]!.parcel!.consignmentId)!.invoice).toBe('201');
    expect(fake.parcels.size).toBe(4);
  });

  it('an invalid order fails alone with the field named', async () => {
    const results = await client().bookMany([parcel(211), parcel(212, { recipientPhone: '0171' })]);
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    expect(results[1]!.message).toContain('11 digits');
  });

  it('a bulk call that times out fails every input of it, and says to look before booking again', async () => {
    fake.delayMs = 300;
    const results = await client({ timeoutMs: 50 }).bookMany([parcel(221), parcel(222)]);
    expect(results.every((r) => !r.ok && r.message!.includes('findBooked'))).toBe(true);
  });

  it('more than 500 parcels take more than one call', async () => {
    const results = await client().bookMany(Array.from({ length: 501 }, (_, i) => parcel(1000 + i)));
    expect(fake.bulkCalls).toBe(2);
    expect(results.filter((r) => r.ok)).toHaveLength(501);
  });
});

describe('Steadfast findBooked and status', () => {
  it('findBooked answers null when Steadfast has no parcel for the order', async () => {
    expect(await client().findBooked(301)).toBeNull();
  });

  it('findBooked finds the parcel by invoice; its id asks status by invoice, since the answer names no consignment id', async () => {
    await client().book(parcel(302));
    const found = (await client().findBooked(302))!;
    expect(found).toMatchObject({ consignmentId: `${INVOICE_PREFIX}302`, state: 'booked', courierStatus: 'in_review' });
    fake.setStatus(fake.byInvoice(302)!.consignment_id, 'delivered');
    expect(await client().status(found.consignmentId)).toMatchObject({ state: 'delivered', courierStatus: 'delivered' });
  });

  it('status follows the parcel as Steadfast moves it', async () => {
    const booked = await client().book(parcel(303));
    const c = client();
    expect((await c.status(booked.consignmentId)).state).toBe('booked');
    for (const [word, state] of [['pending', 'in_transit'], ['hold', 'on_hold'], ['partial_delivered', 'partly_delivered'], ['cancelled', 'cancelled']] as const) {
      fake.setStatus(booked.consignmentId, word);
      expect(await c.status(booked.consignmentId)).toMatchObject({ state, courierStatus: word });
    }
  });

  it('status of a parcel Steadfast does not know is a refused CourierError', async () => {
    await expect(client().status('999')).rejects.toMatchObject({ kind: 'refused' });
  });

  it('maps every documented delivery_status', () => {
    expect(
      Object.fromEntries(
        ['in_review', 'pending', 'delivered_approval_pending', 'partial_delivered_approval_pending', 'cancelled_approval_pending', 'unknown_approval_pending', 'delivered', 'partial_delivered', 'cancelled', 'hold', 'unknown', 'something_new'].map((s) => [s, steadfastState(s)]),
      ),
    ).toEqual({
      in_review: 'booked',
      pending: 'in_transit',
      delivered_approval_pending: 'in_transit',
      partial_delivered_approval_pending: 'in_transit',
      cancelled_approval_pending: 'in_transit',
      unknown_approval_pending: 'unknown',
      delivered: 'delivered',
      partial_delivered: 'partly_delivered',
      cancelled: 'cancelled',
      hold: 'on_hold',
      unknown: 'unknown',
      something_new: 'unknown',
    });
  });

  it('ping reads the balance', async () => {
    expect(await client().ping()).toMatchObject({ ok: true });
    expect(fake.balanceCalls).toBe(1);
  });
});

describe('createCouriers', () => {
  it('has a courier only when its credentials are set', () => {
    expect(Object.keys(createCouriers(courierSettings({})))).toEqual([]);
    expect(Object.keys(createCouriers(courierSettings({ ...fake.env })))).toEqual(['steadfast']);
    expect(Object.keys(createCouriers(courierSettings({ STEADFAST_API_KEY: 'k' })))).toEqual([]);
    expect(createCouriers(courierSettings({ ...fake.env })).steadfast).toBeInstanceOf(SteadfastCourier);
  });

  it('the environment points the client at the fake', async () => {
    const c = createCouriers(courierSettings({ ...fake.env })).steadfast!;
    const booked = await c.book(parcel(401));
    expect(fake.parcels.has(booked.consignmentId)).toBe(true);
  });
});
