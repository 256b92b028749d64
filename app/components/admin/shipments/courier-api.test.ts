import { describe, expect, it } from 'vitest';
import { bulkResultsOf, checkBooking, choicesOf, couriersOf, pathaoBody } from './courier-api';
import { canBook, prefillOf } from './book-parcel';

describe('the couriers API read by the back office', () => {
  it('reads Pathao places bare, under data, or under data.data, with their own keys', () => {
    expect(choicesOf([{ id: 1, name: 'Dhaka' }], 'city')).toEqual([{ id: 1, name: 'Dhaka' }]);
    expect(choicesOf({ data: { data: [{ city_id: 8, city_name: 'Dhaka' }, { bad: 1 }] } }, 'city')).toEqual([{ id: 8, name: 'Dhaka' }]);
    expect(choicesOf({ results: [{ zone_id: '3', zone_name: 'Mirpur' }] }, 'zone')).toEqual([{ id: 3, name: 'Mirpur' }]);
    expect(choicesOf(null, 'area')).toEqual([]);
  });

  it('reads the couriers and the bulk results', () => {
    expect(couriersOf([{ id: 'steadfast', label: 'Steadfast', configured: true, ok: false, message: 'Unauthorized' }, { id: 'pathao', configured: false }, { nope: 1 }])).toEqual([
      { id: 'steadfast', label: 'Steadfast', configured: true, ok: false, message: 'Unauthorized' },
      { id: 'pathao', label: 'pathao', configured: false, ok: undefined, message: undefined },
    ]);
    expect(bulkResultsOf({ results: [{ order: 4, ok: true, consignment_id: 991 }, { order: 5, ok: false, message: 'Invalid phone' }, { ok: true }] })).toEqual([
      { order: 4, ok: true, consignment_id: '991', message: undefined },
      { order: 5, ok: false, consignment_id: undefined, message: 'Invalid phone' },
    ]);
  });

  it('checks the booking form before sending', () => {
    expect(checkBooking('steadfast', {})).toEqual({});
    expect(Object.keys(checkBooking('', {}))).toEqual(['courier']);
    const body = pathaoBody({ city: '1', zone: '', area: '', weight: '20' });
    expect(body).toEqual({ recipient_city: 1, item_weight: 20 });
    expect(Object.keys(checkBooking('pathao', body))).toEqual(['recipient_zone', 'item_weight']);
    expect(checkBooking('pathao', pathaoBody({ city: '1', zone: '2', area: '3', weight: '0.5' }))).toEqual({});
  });

  it('prefills Pathao from the server, and books only Pending orders without a parcel', () => {
    expect(prefillOf({ recipient_city: 1, recipient_zone: 2, item_weight: 0.5 })).toEqual({ city: '1', zone: '2', area: '', weight: '0.5' });
    expect(prefillOf(null)).toEqual({ city: '', zone: '', area: '', weight: '' });
    expect(canBook({ status: 'Pending', shipment_status: null })).toBe(true);
    expect(canBook({ status: 'Pending', shipment_status: 'booked' })).toBe(false);
    expect(canBook({ status: 'Delivered', shipment_status: null })).toBe(false);
  });
});
