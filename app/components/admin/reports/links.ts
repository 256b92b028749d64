/**
 * The reports screen's addresses: each report's CSV (`/api/reports/<name>.csv` with the screen's
 * days) and the ranges offered with one press (the last 30 days, this month, last month, this
 * year by month). Pure, so they are tested without a browser.
 */
import { addDays, type ReportGroup } from '../../../../domain/reports';

export interface ScreenRange {
  from: string;
  to: string;
  group: ReportGroup;
}

/** A report's CSV for the screen's days (`extra`: a top list's `by`, say). */
export function csvHref(name: 'sales' | 'top' | 'payments' | 'margin' | 'couriers', range: ScreenRange, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ from: range.from, to: range.to, ...(name === 'sales' ? { group: range.group } : {}), ...extra });
  return `/api/reports/${name}.csv?${q}`;
}

/** The screen's own address for a range. */
export function screenHref(r: Partial<ScreenRange>): string {
  const q = new URLSearchParams(Object.entries(r).filter((e): e is [string, string] => !!e[1]));
  const s = q.toString();
  return s ? `/admin-reports?${s}` : '/admin-reports';
}

/** The ranges a press away, from today's Dhaka day: [Bengali, English, address]. */
export function quickRanges(today: string): [bn: string, en: string, href: string][] {
  const month = today.slice(0, 7);
  const lastMonthEnd = addDays(`${month}-01`, -1);
  return [
    ['গত ৩০ দিন', 'Last 30 days', screenHref({})],
    ['এই মাস', 'This month', screenHref({ from: `${month}-01`, to: today })],
    ['গত মাস', 'Last month', screenHref({ from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd })],
    ['এই বছর', 'This year', screenHref({ from: `${today.slice(0, 4)}-01-01`, to: today, group: 'month' })],
  ];
}
