import { describe, expect, it } from 'vitest';
import { parcelFields, sameSecret } from './webhook-kit';

describe('what a courier webhook names', () => {
  const steadfast = parcelFields({ consignment: 'consignment_id', order: 'invoice', collected: 'cod_amount', fee: 'delivery_charge' });

  it('reads the parcel, and the amounts where the courier sends them, to whole taka', () => {
    expect(steadfast.parcel({ consignment_id: 1424107, invoice: '12', cod_amount: 1500.4, delivery_charge: '100.00' })).toEqual({ consignmentId: '1424107', orderId: 12, collected: 1500, deliveryFee: 100 });
    expect(steadfast.parcel({ consignment_id: 'X', cod_amount: -5, delivery_charge: 'lots' })).toEqual({ consignmentId: 'X' });
    expect(steadfast.parcel('not an object')).toEqual({});
    // A null, empty or blank amount is no amount: never a partial delivery that collected 0, never a fee of 0.
    expect(steadfast.parcel({ consignment_id: 'Y', cod_amount: null, delivery_charge: '  ' })).toEqual({ consignmentId: 'Y' });
    expect(steadfast.parcel({ consignment_id: 'Y', cod_amount: '', delivery_charge: 0 })).toEqual({ consignmentId: 'Y', deliveryFee: 0 });
    // A courier without amounts names none, whatever the body holds.
    expect(parcelFields({ consignment: 'consignment_id', order: 'invoice' }).parcel({ consignment_id: 'X', cod_amount: 5 })).toEqual({ consignmentId: 'X' });
  });

  it('compares secrets in full', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abcd', 'abc')).toBe(false);
    expect(sameSecret('abc', undefined)).toBe(false);
  });
});
