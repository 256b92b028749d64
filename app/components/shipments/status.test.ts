import { describe, expect, it } from 'vitest';
import { eventLabel, parcelOf, readEvents, shipmentStatusOf } from './status';

describe('a parcel read from the API', () => {
  it('knows the statuses; anything else is unknown, nothing is no parcel', () => {
    expect(shipmentStatusOf('delivered')).toBe('delivered');
    expect(shipmentStatusOf('lost_in_space')).toBe('unknown');
    expect(shipmentStatusOf(null)).toBeNull();
    expect(shipmentStatusOf(undefined)).toBeNull();
  });

  it('reads events oldest first and leaves out rows of another shape', () => {
    const events = readEvents([
      { at: '2026-11-23T10:00:00Z', status: 'delivered', message: 'Handed over' },
      { at: '2026-11-23T08:00:00Z', status: 'booked', message: null },
      { status: 'in_transit' },
      'nonsense',
      null,
      { at: 1_700_000_000 },
      { at: '2026-11-23T09:00:00Z', status: 3 },
      { at: '2026-11-23T09:00:00Z', message: { text: 'x' } },
    ]);
    expect(events).toEqual([
      { at: '2026-11-23T08:00:00Z', status: 'booked', message: '' },
      { at: '2026-11-23T10:00:00Z', status: 'delivered', message: 'Handed over' },
    ]);
    expect(readEvents(undefined)).toEqual([]);
  });

  it('names order moves in the shopper\'s words and parcel states with the courier\'s message', () => {
    const en = (_bn: string, e: string) => e;
    const bn = (b: string) => b;
    expect(eventLabel('Pending', en)).toEqual({ label: 'Order placed', showMessage: false });
    expect(eventLabel('Delivered', bn)).toEqual({ label: 'অর্ডার ডেলিভারড', showMessage: false });
    expect(eventLabel('delivered', bn)).toEqual({ label: 'ডেলিভারি হয়েছে', showMessage: true });
    expect(eventLabel('hub_transfer', en)).toEqual({ label: 'Unknown', showMessage: true });
  });

  it('reads an order without a parcel, and one with', () => {
    expect(parcelOf({ id: 1 })).toEqual({ courier: null, consignment_id: null, tracking_code: null, shipment_status: null, events: [] });
    expect(parcelOf({ courier: 'steadfast', consignment_id: 1234, tracking_code: 'SF1', shipment_status: 'in_transit', shipment_events: [] })).toMatchObject({ courier: 'steadfast', consignment_id: '1234', tracking_code: 'SF1', shipment_status: 'in_transit' });
  });
});
