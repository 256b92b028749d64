import { describe, expect, it } from 'vitest';
import { daysLeft, dhakaDate, lowStockSms, morningNoticeDue, rankLowStock, receiptSchema, receiptTotal, soldMove, thresholdOf } from './stock';

describe('the stock ledger rules', () => {
  it('a sale or counter sale counts its units as sold, a cancel or return takes them back, the rest leave units sold alone', () => {
    expect([soldMove('sale'), soldMove('counter'), soldMove('cancel'), soldMove('return')]).toEqual(['count', 'count', 'uncount', 'uncount']);
    expect([soldMove('receipt'), soldMove('adjustment'), soldMove('damaged')]).toEqual([null, null, null]);
  });

  it("a product's own threshold wins over the shop's default, 0 included", () => {
    expect(thresholdOf(null, 3)).toBe(3);
    expect(thresholdOf(0, 3)).toBe(0);
    expect(thresholdOf(10, 3)).toBe(10);
  });

  it('days left: the stock at the 30-day speed, rounded down; null when nothing sold', () => {
    expect(daysLeft(2, 30)).toBe(2);
    expect(daysLeft(5, 7)).toBe(21);
    expect(daysLeft(0, 9)).toBe(0);
    expect(daysLeft(4, 0)).toBeNull();
  });

  it('ranks the fastest sellers first, then the sooner to run out, then the lower stock', () => {
    const rows = [
      { id: 1, units_stock: 3, sold_30d: 0, days_left: null },
      { id: 2, units_stock: 2, sold_30d: 9, days_left: 6 },
      { id: 3, units_stock: 1, sold_30d: 9, days_left: 3 },
      { id: 4, units_stock: 0, sold_30d: 0, days_left: null },
      { id: 5, units_stock: 1, sold_30d: 30, days_left: 1 },
    ];
    expect(rankLowStock(rows).map((r) => r.id)).toEqual([5, 3, 2, 4, 1]);
  });
});

describe('receipts', () => {
  it('take a supplier, an optional reference and 1–200 lines of whole quantities and optional whole-taka costs', () => {
    expect(receiptSchema.parse({ supplier: ' Anyaprokash ', lines: [{ product: 1, quantity: 3 }, { product: 2, quantity: 1, unit_cost: 120 }, { product: 3, quantity: 2, unit_cost: null }] })).toEqual({
      supplier: 'Anyaprokash',
      lines: [{ product: 1, quantity: 3 }, { product: 2, quantity: 1, unit_cost: 120 }, { product: 3, quantity: 2, unit_cost: null }],
    });
    const bad = receiptSchema.safeParse({ supplier: '', lines: [{ product: 1, quantity: 0, unit_cost: -1 }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['lines.0.quantity', 'lines.0.unit_cost', 'supplier']);
    expect(receiptSchema.safeParse({ supplier: 'x', lines: [] }).success).toBe(false);
  });

  it("cost the lines that have a unit cost; none: no cost", () => {
    expect(receiptTotal([{ quantity: 3, unit_cost: 100 }, { quantity: 2 }, { quantity: 1, unit_cost: 5 }])).toBe(305);
    expect(receiptTotal([{ quantity: 3 }, { quantity: 1, unit_cost: null }])).toBeNull();
  });
});

describe('the morning notice', () => {
  it('is due from 09:00 to 21:00 Dhaka time (UTC+6), on the Dhaka calendar day', () => {
    expect(morningNoticeDue(Date.parse('2026-11-28T02:59:59Z'))).toBe(false);
    expect(morningNoticeDue(Date.parse('2026-11-28T03:00:00Z'))).toBe(true);
    expect(morningNoticeDue(Date.parse('2026-11-28T14:59:59Z'))).toBe(true);
    expect(morningNoticeDue(Date.parse('2026-11-28T15:00:00Z'))).toBe(false);
    expect(dhakaDate(Date.parse('2026-11-27T18:30:00Z'))).toBe('2026-11-28');
    expect(dhakaDate(Date.parse('2026-11-27T17:59:59Z'))).toBe('2026-11-27');
  });

  it('says how many products are low and names the first three, each cut to 24 characters', () => {
    expect(lowStockSms({ shop: 'হাট', count: 5, titles: ['Himu', 'A very long title that goes on and on', 'তিন', 'four'], link: 'https://shop.example/admin-stock-low' })).toBe(
      'হাট: 5টি পণ্যের স্টক কম — Himu, A very long title that…, তিন ও আরও 2টি। https://shop.example/admin-stock-low',
    );
    expect(lowStockSms({ shop: 'হাট', count: 1, titles: ['Himu'] })).toBe('হাট: 1টি পণ্যের স্টক কম — Himu।');
  });
});
