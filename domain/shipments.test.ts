import { describe, expect, it } from 'vitest';
import { courierAddress, placeInEnglish, amountToCollect, bookShipmentSchema, bookedSms, bulkShipmentSchema, isFinalParcel, orderStatusForParcel, outForDeliverySms } from './shipments';
import { fitsOneSms } from './sms';

describe('amount to collect', () => {
  it('is the total for cash on delivery, 0 when paid online, the rest when partly paid or refunded', () => {
    expect(amountToCollect({ total: 680, paid_amount: 0, refunded_amount: 0 })).toBe(680);
    expect(amountToCollect({ total: 680, paid_amount: 680, refunded_amount: 0 })).toBe(0);
    expect(amountToCollect({ total: 680, paid_amount: 200, refunded_amount: 0 })).toBe(480);
    expect(amountToCollect({ total: 680, paid_amount: 680, refunded_amount: 180 })).toBe(180);
    expect(amountToCollect({ total: 680, paid_amount: 680, refunded_amount: 680 })).toBe(680);
    expect(amountToCollect({ total: 500, paid_amount: 680, refunded_amount: 0 })).toBe(0);
  });
});

describe('parcel states', () => {
  it('moves the order only on delivered, cancelled and returned', () => {
    expect(orderStatusForParcel('delivered')).toBe('Delivered');
    expect(orderStatusForParcel('returned')).toBe('Returned');
    expect(orderStatusForParcel('cancelled')).toBe('Returned');
    for (const s of ['booked', 'in_transit', 'out_for_delivery', 'partly_delivered', 'on_hold', 'unknown']) expect(orderStatusForParcel(s)).toBeNull();
    expect(isFinalParcel('delivered')).toBe(true);
    expect(isFinalParcel('in_transit')).toBe(false);
    expect(isFinalParcel(null)).toBe(false);
  });
});

describe('booking forms', () => {
  it('asks Pathao for its city and zone', () => {
    expect(bookShipmentSchema.safeParse({ courier: 'steadfast' }).success).toBe(true);
    expect(bookShipmentSchema.safeParse({ courier: 'pathao' }).success).toBe(false);
    expect(bookShipmentSchema.parse({ courier: 'pathao', recipient_city: '1', recipient_zone: 2, item_weight: '0.5' })).toMatchObject({ recipient_city: 1, item_weight: 0.5 });
    expect(bookShipmentSchema.safeParse({ courier: 'no_such_courier' }).success).toBe(false);
  });

  it('takes 1 to 500 orders at once', () => {
    expect(bulkShipmentSchema.safeParse({ courier: 'steadfast', orders: [] }).success).toBe(false);
    expect(bulkShipmentSchema.safeParse({ courier: 'steadfast', orders: Array.from({ length: 500 }, (_, i) => i + 1) }).success).toBe(true);
    expect(bulkShipmentSchema.safeParse({ courier: 'steadfast', orders: Array.from({ length: 501 }, (_, i) => i + 1) }).success).toBe(false);
  });
});

describe('shipment SMS', () => {
  const base = { orderId: 123456, courier: 'steadfast' as const, trackingCode: 'SFR1234567890AB', trackUrl: 'https://haat.example.com.bd/track?order=123456' };

  it('names the shop, the courier, the tracking code and the link when they fit', () => {
    const text = bookedSms({ ...base, shopName: 'Haat' });
    expect(text).toBe('Haat: order #123456 is sent with Steadfast, tracking SFR1234567890AB. Track: https://haat.example.com.bd/track?order=123456');
    expect(outForDeliverySms({ ...base, shopName: 'Haat' })).toContain('(Steadfast)');
  });

  it('fits one part with a long shop name, in English or in Bengali', () => {
    for (const shopName of ['The Very Long Named Bookshop of Old Dhaka and Chittagong Booksellers Limited '.repeat(2), 'হাট বইয়ের দোকান — পুরান ঢাকার সবচেয়ে বড় বইয়ের দোকান'.repeat(2)]) {
      for (const sms of [bookedSms, outForDeliverySms]) {
        const text = sms({ ...base, shopName });
        expect(fitsOneSms(text), text).toBe(true);
        expect(text).toContain(base.trackUrl);
        expect(text).toContain('#123456');
      }
      expect(bookedSms({ ...base, shopName })).toContain(base.trackingCode);
    }
  });

  it('keeps the courier name rather than a Bengali shop name that would not fit', () => {
    const text = bookedSms({ ...base, shopName: 'হাট বইঘর' });
    expect(fitsOneSms(text), text).toBe(true);
    expect(text).toContain('with Steadfast');
  });
});

describe('place names', () => {
  it('gives the English name of a Bengali district or upazila, and any other name as it is', () => {
    expect(placeInEnglish('ঢাকা')).toBe('Dhaka');
    expect(placeInEnglish(' বাগেরহাট ')).toBe('Bagerhat');
    expect(placeInEnglish('Mirpur')).toBe('Mirpur');
  });
});

describe('courierAddress', () => {
  it('shortens the street, never the upazila and district', () => {
    const line = courierAddress({ street: 'বাড়ি ১২, রোড ৫, '.repeat(30), upazila: 'ধানমন্ডি', district: 'ঢাকা' }, 250);
    expect(line.length).toBeLessThanOrEqual(250);
    expect(line.endsWith(', ধানমন্ডি, ঢাকা')).toBe(true);
  });

  it('keeps a short address whole', () => {
    expect(courierAddress({ street: ' House 3,  Road 2 ', upazila: 'Savar', district: 'Dhaka' }, 250)).toBe('House 3, Road 2, Savar, Dhaka');
    expect(courierAddress({ street: 'House 3', upazila: '', district: '' }, 250)).toBe('House 3');
  });
});
