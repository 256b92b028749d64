import { describe, expect, it } from 'vitest';
import {
  addDays,
  dhakaDayOf,
  dhakaTimeText,
  isoWeek,
  marginReport,
  netOf,
  paymentMix,
  periodOf,
  periodsOf,
  reportRange,
  salesReport,
  salesReportQuery,
  topReportQuery,
  topRows,
  type DayFigures,
  type ProductFigures,
} from './reports';

const day = (d: string, f: Partial<DayFigures> = {}): DayFigures => ({ day: d, orders: 1, units: 1, revenue: 100, discounts: 0, delivery: 0, ...f });

describe('Dhaka days', () => {
  it('puts an instant on its Dhaka calendar day: 23:30 UTC is the next morning in Dhaka', () => {
    expect(dhakaDayOf('2026-11-26T17:59:59.999Z')).toBe('2026-11-26');
    expect(dhakaDayOf('2026-11-26T18:00:00.000Z')).toBe('2026-11-27');
    expect(dhakaDayOf('2026-11-26T23:30:00.000Z')).toBe('2026-11-27');
    expect(dhakaTimeText('2026-11-26T23:30:00.000Z')).toBe('2026-11-27 05:30');
  });

  it('defaults to the last 30 Dhaka days up to today; one end given fills in the other', () => {
    const now = Date.parse('2026-11-26T20:00:00Z'); // 27 November, 02:00 in Dhaka
    expect(reportRange({}, now)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(reportRange({ from: '2026-11-01' }, now)).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(reportRange({ to: '2026-02-28' }, now)).toEqual({ from: '2026-01-30', to: '2026-02-28' });
    expect(reportRange({ from: '2026-12-05' }, now)).toEqual({ from: '2026-12-05', to: '2026-12-05' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('periods', () => {
  it('labels ISO weeks (Monday first), including the weeks that straddle a new year', () => {
    expect(periodOf('2026-11-27', 'week')).toBe('2026-W48');
    expect(periodOf('2026-11-23', 'week')).toBe('2026-W48'); // Monday
    expect(periodOf('2026-11-22', 'week')).toBe('2026-W47'); // Sunday
    expect(isoWeek('2021-01-03')).toEqual({ year: 2020, week: 53 });
    expect(isoWeek('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(periodOf('2026-11-27', 'month')).toBe('2026-11');
    expect(periodOf('2026-11-27', 'day')).toBe('2026-11-27');
  });

  it('lists every period of a range once, in order', () => {
    expect(periodsOf({ from: '2026-11-28', to: '2026-12-02' }, 'day')).toEqual(['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(periodsOf({ from: '2026-11-20', to: '2026-12-08' }, 'week')).toEqual(['2026-W47', '2026-W48', '2026-W49', '2026-W50']);
    expect(periodsOf({ from: '2026-11-20', to: '2027-01-01' }, 'month')).toEqual(['2026-11', '2026-12', '2027-01']);
  });
});

describe('the sales report', () => {
  it('is net = revenue − discounts + delivery − refunds', () => {
    expect(netOf({ revenue: 1000, discounts: 50, delivery: 120, refunds: 300 })).toBe(770);
  });

  it('fills the periods nothing sold in with zeros, adds refunds by the day they were made, and totals', () => {
    const r = salesReport(
      { from: '2026-11-25', to: '2026-11-27' },
      'day',
      [day('2026-11-25', { orders: 2, units: 3, revenue: 900, discounts: 50, delivery: 120 }), day('2026-11-27'), day('2026-11-28', { revenue: 999 })],
      [{ day: '2026-11-26', amount: 200 }, { day: '2026-11-24', amount: 5 }],
    );
    expect(r.rows).toEqual([
      { period: '2026-11-25', orders: 2, units: 3, revenue: 900, discounts: 50, delivery: 120, refunds: 0, net: 970 },
      { period: '2026-11-26', orders: 0, units: 0, revenue: 0, discounts: 0, delivery: 0, refunds: 200, net: -200 },
      { period: '2026-11-27', orders: 1, units: 1, revenue: 100, discounts: 0, delivery: 0, refunds: 0, net: 100 },
    ]);
    expect(r.totals).toEqual({ orders: 3, units: 4, revenue: 1000, discounts: 50, delivery: 120, refunds: 200, net: 870 });
  });

  it('adds days into weeks and months', () => {
    const days = [day('2026-11-22'), day('2026-11-23'), day('2026-11-29'), day('2026-12-01')];
    expect(salesReport({ from: '2026-11-22', to: '2026-12-01' }, 'week', days, []).rows.map((r) => [r.period, r.orders])).toEqual([['2026-W47', 1], ['2026-W48', 2], ['2026-W49', 1]]);
    expect(salesReport({ from: '2026-11-22', to: '2026-12-01' }, 'month', days, []).rows.map((r) => [r.period, r.orders])).toEqual([['2026-11', 3], ['2026-12', 1]]);
  });
});

const product = (id: number, f: Partial<ProductFigures> = {}): ProductFigures => ({ product_id: id, type: 'books', units: 1, revenue: 100, ...f });

describe('top lists and the margin', () => {
  it('adds products up by their key, leaves out products without one, and ranks by revenue, then units, then name', () => {
    const figures = [product(1, { revenue: 300 }), product(2, { revenue: 200, units: 2 }), product(3, { revenue: 200, units: 5 }), product(4, { revenue: 900 })];
    const author = (f: ProductFigures) => (f.product_id === 4 ? null : f.product_id === 3 ? { id: 20, name: 'B' } : { id: 10, name: 'A' });
    expect(topRows(figures, author, 10)).toEqual([
      { id: 10, name: 'A', units: 3, revenue: 500 },
      { id: 20, name: 'B', units: 5, revenue: 200 },
    ]);
    expect(topRows(figures, (f) => ({ id: f.product_id, name: `P${f.product_id}` }), 2).map((r) => r.id)).toEqual([4, 1]);
  });

  it('counts the cost of lines whose product has a purchase price (above 0), and the share of revenue that covers', () => {
    const figures = [product(1, { units: 2, revenue: 600 }), product(2, { revenue: 400 }), product(3, { type: 'stationary', units: 4, revenue: 200 })];
    const price = (id: number) => ({ 1: 200, 2: 0, 3: 30 })[id] ?? null;
    expect(marginReport(figures, price)).toEqual({
      rows: [
        { type: 'books', revenue: 1000, covered_revenue: 600, cost: 400, margin: 200, margin_rate: 0.3333, coverage: 0.6 },
        { type: 'stationary', revenue: 200, covered_revenue: 200, cost: 120, margin: 80, margin_rate: 0.4, coverage: 1 },
      ],
      totals: { revenue: 1200, covered_revenue: 800, cost: 520, margin: 280, margin_rate: 0.35, coverage: 0.6667 },
    });
    expect(marginReport([], () => null).totals).toEqual({ revenue: 0, covered_revenue: 0, cost: 0, margin: 0, margin_rate: 0, coverage: 0 });
  });

  it("sorts the payment mix by amount with each option's share", () => {
    const mix = paymentMix([
      { option: 'bkash', label: 'বিকাশ', orders: 1, amount: 250, paid: 250 },
      { option: 'cod', label: 'ক্যাশ', orders: 3, amount: 750, paid: 0 },
    ]);
    expect(mix.rows.map((r) => [r.option, r.share])).toEqual([['cod', 0.75], ['bkash', 0.25]]);
    expect(mix.totals).toEqual({ orders: 4, amount: 1000, paid: 250 });
  });
});

describe('the queries', () => {
  it('takes day, week or month, defaulting to day, and refuses a range backwards or too long for its grouping', () => {
    expect(salesReportQuery.parse({})).toEqual({ group: 'day' });
    expect(salesReportQuery.safeParse({ group: 'year' }).success).toBe(false);
    expect(salesReportQuery.safeParse({ from: '2026-11-02', to: '2026-11-01' }).error?.issues[0]).toMatchObject({ path: ['to'] });
    expect(salesReportQuery.safeParse({ from: '2020-01-01', to: '2026-11-01' }).success).toBe(false);
    expect(salesReportQuery.safeParse({ from: '2020-01-01', to: '2026-11-01', group: 'month' }).success).toBe(true);
    expect(salesReportQuery.safeParse({ from: '2026-02-30' }).success).toBe(false);
    // `from` alone runs to today: the limit holds on that range too.
    expect(salesReportQuery.safeParse({ from: '1900-01-01' }).error?.issues[0]).toMatchObject({ path: ['from'] });
    expect(salesReportQuery.safeParse({ sort: 'x' }).success).toBe(false);
  });

  it('takes a top list by product, author, publisher or category, 10 by default and at most 100', () => {
    expect(topReportQuery.parse({})).toEqual({ by: 'product', limit: 10 });
    expect(topReportQuery.parse({ by: 'author', limit: '25' })).toEqual({ by: 'author', limit: 25 });
    for (const limit of ['0', '101', '2.5', 'ten']) expect(topReportQuery.safeParse({ limit }).success, limit).toBe(false);
    expect(topReportQuery.safeParse({ by: 'isbn' }).success).toBe(false);
  });
});
