import { describe, expect, it } from 'vitest';
import { parcelOf, readEvents, shipmentStatusOf } from './status';

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
    ]);
    expect(events).toEqual([
      { at: '2026-11-23T08:00:00Z', status: 'booked', message: '' },
      { at: '2026-11-23T10:00:00Z', status: 'delivered', message: 'Handed over' },
    ]);
    expect(readEvents(undefined)).toEqual([]);
  });

  it('reads an order without a parcel, and one with', () => {
    expect(parcelOf({ id: 1 })).toEqual({ courier: null, consignment_id: null, tracking_code: null, shipment_status: null, events: [] });
    expect(parcelOf({ courier: 'steadfast', consignment_id: 1234, tracking_code: 'SF1', shipment_status: 'in_transit', shipment_events: [] })).toMatchObject({ courier: 'steadfast', consignment_id: '1234', tracking_code: 'SF1', shipment_status: 'in_transit' });
  });
});
