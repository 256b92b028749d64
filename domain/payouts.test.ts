import { describe, expect, it } from 'vitest';
import { courierReportRow, expectedCod, matchPayout, parcelFee, parseTaka, payoutFormSchema, payoutInstant, readPayoutSheet, returnRate, type PayoutParcel } from './payouts';

const rows = (...r: Record<string, string>[]) => r.map((row, i) => ({ line: i + 2, row }));

describe('payout sheets', () => {
  it('reads taka as sheets write them, rounded to whole taka, and nothing else', () => {
    expect(parseTaka('1500')).toBe(1500);
    expect(parseTaka(' 1,500.00 ')).toBe(1500);
    expect(parseTaka('৳ 99.5')).toBe(100);
    expect(parseTaka('Tk 60')).toBe(60);
    for (const bad of ['', '-5', 'abc', '1.234', '1e3', '12 34']) expect(parseTaka(bad), bad).toBeNull();
  });

  it('needs the consignment_id and cod_amount columns; delivery_fee may be left out; couriers\' own headers are understood', () => {
    expect(readPayoutSheet(['consignment_id', 'delivery_fee'], rows({ consignment_id: 'A', delivery_fee: '60' }))).toEqual({ ok: false, errors: [expect.stringContaining('cod_amount')] });
    expect(readPayoutSheet(['consignment_id', 'cod_amount'], rows({ consignment_id: 'A', cod_amount: '500' }))).toEqual({ ok: true, lines: [{ line: 2, consignment_id: 'A', cod_amount: 500, delivery_fee: null }] });
    const sheet = readPayoutSheet(['Consignment ID', 'Collected Amount', 'Delivery Charge'], rows({ 'Consignment ID': 'B7', 'Collected Amount': '1,200', 'Delivery Charge': '110' }));
    expect(sheet).toEqual({ ok: true, lines: [{ line: 2, consignment_id: 'B7', cod_amount: 1200, delivery_fee: 110 }] });
  });

  it('names every bad row once, with its line, and keeps nothing from a sheet with one', () => {
    const sheet = readPayoutSheet(
      ['consignment_id', 'cod_amount', 'delivery_fee'],
      rows(
        { consignment_id: 'A', cod_amount: '500', delivery_fee: '60' },
        { consignment_id: '', cod_amount: '500', delivery_fee: '' },
        { consignment_id: 'C', cod_amount: 'five', delivery_fee: 'x' },
        { consignment_id: 'A', cod_amount: '10', delivery_fee: '' },
      ),
    );
    expect(sheet.ok).toBe(false);
    const errors = (sheet as { errors: string[] }).errors;
    expect(errors).toHaveLength(4);
    expect(errors[0]).toContain('Line 3');
    expect(errors[1]).toContain('Line 4: cod_amount');
    expect(errors[2]).toContain('Line 4: delivery_fee');
    expect(errors[3]).toContain('Line 5: consignment A is on line 2 too');
  });

  it('refuses an empty sheet', () => {
    expect(readPayoutSheet(['consignment_id', 'cod_amount'], [])).toEqual({ ok: false, errors: [expect.stringContaining('no lines')] });
  });

  it('takes paid_at as a Dhaka day or an instant', () => {
    expect(payoutInstant('2026-03-01')).toBe('2026-02-28T18:00:00.000Z');
    expect(payoutInstant('2026-03-01T10:00:00Z')).toBe('2026-03-01T10:00:00.000Z');
    expect(payoutInstant('yesterday')).toBeNull();
    expect(payoutFormSchema.safeParse({ courier: 'steadfast', paid_at: 'soon' }).success).toBe(false);
    expect(payoutFormSchema.parse({ courier: 'pathao', paid_at: '2026-03-01' })).toEqual({ courier: 'pathao', paid_at: '2026-02-28T18:00:00.000Z', reference: '' });
  });
});

describe('matching a payout to parcels', () => {
  const parcel = (p: Partial<PayoutParcel>): PayoutParcel => ({ order_id: 1, status: 'Delivered', cod_amount: 500, paid_amount: 500, total: 500, ...p });

  it('expects the booked COD, what a partial delivery collected beyond what the shop held, nothing for a parcel brought back', () => {
    expect(expectedCod(parcel({}))).toBe(500);
    expect(expectedCod(parcel({ paid_amount: 200 }))).toBe(200);
    // 200 paid by bKash before booking, COD 800: a partial delivery collected 300 (paid 500 in all).
    expect(expectedCod(parcel({ total: 1000, cod_amount: 800, paid_amount: 500 }))).toBe(300);
    expect(expectedCod(parcel({ total: 1000, cod_amount: 800, paid_amount: 1000 }))).toBe(800);
    expect(expectedCod(parcel({ total: 1000, cod_amount: 0, paid_amount: 1000 }))).toBe(0);
    expect(expectedCod(parcel({ status: 'Pending', paid_amount: 0 }))).toBe(500);
    expect(expectedCod(parcel({ status: 'Returned', paid_amount: 0 }))).toBe(0);
    expect(expectedCod(parcel({ cod_amount: null }))).toBe(0);
  });

  it('is matched when paid in full or more, short when less, unknown without a parcel', () => {
    const parcels = new Map([
      ['A', parcel({ order_id: 1 })],
      ['B', parcel({ order_id: 2, cod_amount: 800, paid_amount: 800, total: 800 })],
    ]);
    const out = matchPayout(
      [
        { line: 2, consignment_id: 'A', cod_amount: 510, delivery_fee: 60 },
        { line: 3, consignment_id: 'B', cod_amount: 700, delivery_fee: null },
        { line: 4, consignment_id: 'Z', cod_amount: 100, delivery_fee: null },
      ],
      parcels,
    );
    expect(out.map((l) => [l.consignment_id, l.order_id, l.expected, l.outcome])).toEqual([
      ['A', 1, 500, 'matched'],
      ['B', 2, 800, 'short'],
      ['Z', null, null, 'unknown'],
    ]);
  });
});

describe('fees and the courier report', () => {
  it("takes the courier's own fee, else the shop's rate for the courier, else none", () => {
    expect(parcelFee(75, { pathao: 60 }, 'pathao')).toBe(75);
    expect(parcelFee(undefined, { pathao: 60 }, 'pathao')).toBe(60);
    expect(parcelFee(undefined, { pathao: 60 }, 'steadfast')).toBeNull();
    expect(parcelFee(-1, {}, 'steadfast')).toBeNull();
  });

  it('rounds the return rate to 2 places (0 when nothing finished) and owes what was expected less what was received', () => {
    expect(returnRate(0, 0)).toBe(0);
    expect(returnRate(2, 1)).toBe(0.33);
    const row = courierReportRow({ courier: 'steadfast', parcels: 4, delivered: 2, returned: 1, cod_expected: 1000, fees: 240 }, 700);
    expect(row).toEqual({ courier: 'steadfast', parcels: 4, delivered: 2, returned: 1, return_rate: 0.33, cod_expected: 1000, cod_received: 700, fees: 240, outstanding: 300 });
  });
});
