import { describe, expect, it } from 'vitest';
import { countText, labelEvery, niceTicks, percentText, periodShort, takaShort, takaText } from './format';
import { csvHref, quickRanges, screenHref } from './links';
import { exportHref } from '../orders/export-links';

describe("the charts' figures", () => {
  it('writes taka in Bengali digits grouped in lakhs, and axis marks in words', () => {
    expect(takaText(1250000)).toBe('৳ ১২,৫০,০০০');
    expect(takaText(-310)).toBe('−৳ ৩১০');
    expect(countText(1250)).toBe('১,২৫০');
    expect(takaShort(800)).toBe('৳ ৮০০');
    expect(takaShort(12000)).toBe('৳ ১২ হাজার');
    expect(takaShort(150000)).toBe('৳ ১.৫ লাখ');
    expect(takaShort(20000000)).toBe('৳ ২ কোটি');
    expect(takaShort(-200)).toBe('−৳ ২০০');
    expect(percentText(0.3429)).toBe('৩৪.৩%');
  });

  it('names periods short: a day, an ISO week, a month', () => {
    expect(periodShort('2026-11-27')).toBe('২৭ নভে');
    expect(periodShort('2026-W08')).toBe('সপ্তাহ ৮');
    expect(periodShort('2026-01')).toBe('জানু ২০২৬');
  });

  it('marks an axis at round steps that cover both ends and 0', () => {
    expect(niceTicks(0, 1250)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(-310, 670)).toEqual([-400, -200, 0, 200, 400, 600, 800]);
    expect(niceTicks(0, 0)).toEqual([0, 1]);
    expect(niceTicks(0, 7)).toEqual([0, 2, 4, 6, 8]);
    expect(labelEvery(30)).toBe(3);
    expect(labelEvery(5)).toBe(1);
  });
});

describe("the screen's links", () => {
  const range = { from: '2026-11-01', to: '2026-11-27', group: 'week' as const };
  it("gives each report's CSV the screen's days (and the grouping to sales)", () => {
    expect(csvHref('sales', range)).toBe('/api/reports/sales.csv?from=2026-11-01&to=2026-11-27&group=week');
    expect(csvHref('top', range, { by: 'author' })).toBe('/api/reports/top.csv?from=2026-11-01&to=2026-11-27&by=author');
    expect(csvHref('couriers', range)).toBe('/api/reports/couriers.csv?from=2026-11-01&to=2026-11-27');
    expect(screenHref({})).toBe('/admin-reports');
  });

  it('offers the last 30 days, this month, last month and this year by month', () => {
    expect(quickRanges('2026-03-15').map(([, en, href]) => [en, href])).toEqual([
      ['Last 30 days', '/admin-reports'],
      ['This month', '/admin-reports?from=2026-03-01&to=2026-03-15'],
      ['Last month', '/admin-reports?from=2026-02-01&to=2026-02-28'],
      ['This year', '/admin-reports?from=2026-01-01&to=2026-03-15&group=month'],
    ]);
  });

  it("carries the order list's filters to the export, never its page or ordering", () => {
    expect(exportHref('csv', { status: 'Delivered', from: '2026-11-01', page: '3', ordering: 'id', search: '' })).toBe('/api/order/export.csv?status=Delivered&from=2026-11-01');
    expect(exportHref('xlsx', {})).toBe('/api/order/export.xlsx');
  });
});
