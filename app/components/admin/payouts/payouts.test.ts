import { describe, expect, it } from 'vitest';
import { COURIER_IDS } from '../../../../domain/providers';
import { checkPayoutForm, dhakaDate, dhakaToday, readPayoutResult } from './payouts';
import { courierRatesOf } from '../orders/desk-settings';

describe('a payout sheet’s result', () => {
  it('reads the upload’s answer: the matched count, the short lines and the unknown consignments', () => {
    const r = readPayoutResult({
      id: 3,
      courier: COURIER_IDS[0],
      courier_label: 'X',
      total: 1500,
      fees: 120,
      lines: 3,
      matched: 1,
      short: [{ order: 12, consignment_id: '1424107', expected: 700, got: 500 }],
      unknown: ['999', 1000],
    });
    expect(r).toMatchObject({ id: 3, total: 1500, fees: 120, matched: 1, unknown: ['999', '1000'] });
    expect(r!.short).toEqual([{ order: 12, consignment_id: '1424107', expected: 700, got: 500 }]);
    expect(readPayoutResult({ message: 'nope' })).toBeNull();
    // Parcels an earlier payout already paid are read too; an older answer without them reads none.
    expect(r!.already_paid).toEqual([]);
    expect(readPayoutResult({ id: 4, courier: COURIER_IDS[0], total: 0, matched: 0, already_paid: ['77'] })!.already_paid).toEqual(['77']);
  });

  it('names a missing file and a date that is not one before anything is sent', () => {
    const ok = { courier: COURIER_IDS[0]!, paid_at: '2026-11-27', reference: 'PO-1' };
    expect(checkPayoutForm(ok, new File(['consignment_id,cod_amount\n1,2\n'], 'p.csv'))).toEqual({});
    expect(Object.keys(checkPayoutForm(ok, null))).toEqual(['file']);
    expect(Object.keys(checkPayoutForm({ ...ok, paid_at: 'yesterday', courier: '' }, new File(['x'], 'p.csv'))).sort()).toEqual(['courier', 'paid_at']);
  });

  it('shows days in Dhaka', () => {
    expect(dhakaToday(new Date('2026-11-27T19:00:00Z'))).toBe('2026-11-28');
    expect(dhakaDate('2026-11-26T18:00:00.000Z')).toBe('2026-11-27');
    expect(dhakaDate(null)).toBe('');
  });
});

describe('the couriers’ rates on the settings screen', () => {
  it('keeps a rate per courier typed, leaves out an empty box, and makes anything but whole taka NaN for the schema to name', () => {
    const [a, b] = COURIER_IDS;
    expect(courierRatesOf((name) => ({ [`courier_rate_${a}`]: '60', [`courier_rate_${b}`]: '' })[name] ?? '')).toEqual({ [a!]: 60 });
    expect(Number.isNaN(courierRatesOf((name) => (name === `courier_rate_${a}` ? '6.5' : ''))[a!])).toBe(true);
  });
});
