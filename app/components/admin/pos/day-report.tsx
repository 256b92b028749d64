/**
 * The counter's "today" panel (issue 36): the Dhaka day's counter sales from
 * `GET /api/pos/report/` — how many, the total, the cash the drawer should hold, by payment
 * method and by seller, and the sales flagged for staff: short of stock, or with a note to check. Read when opened and after sales.
 */
import { useEffect, useState } from 'react';
import { COUNTER_METHOD_LABELS, type CounterDayReport, type CounterPaymentMethod } from '../../../../domain/counter';
import { dhakaDate } from '../../../../domain/stock';
import { bi } from '../packing/pack-order';

const taka = (n: number) => `৳ ${n.toLocaleString('en-IN')}`;

async function fetchReport(): Promise<CounterDayReport | null> {
  try {
    const res = await fetch(`/api/pos/report/?day=${dhakaDate(Date.now())}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    return res.ok ? ((await res.json()) as CounterDayReport) : null;
  } catch {
    return null;
  }
}

export function DayReport({ stamp }: { stamp: number }) {
  const [report, setReport] = useState<CounterDayReport | null>(null);
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    void fetchReport().then((r) => {
      if (!live) return;
      if (r) setReport(r);
      setFailed(!r);
    });
    return () => {
      live = false;
    };
  }, [stamp, asked]);

  if (!report) return <p className="text-sm text-stone-600">{failed ? bi('নেটওয়ার্ক নেই: আজকের হিসাব পরে দেখুন।', "No network: today's figures later.") : '…'}</p>;
  return (
    <div data-testid="pos-report" className="text-sm">
      <dl className="grid grid-cols-3 gap-2">
        <div>
          <dt className="text-stone-600">{bi('বিক্রি', 'Sales')}</dt>
          <dd className="text-lg font-semibold" data-testid="pos-report-sales">
            {report.sales}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{bi('মোট', 'Total')}</dt>
          <dd className="text-lg font-semibold">{taka(report.total)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{bi('ড্রয়ারে নগদ', 'Cash in drawer')}</dt>
          <dd className="text-lg font-semibold" data-testid="pos-report-cash">
            {taka(report.cash_expected)}
          </dd>
        </div>
      </dl>
      <h3 className="mt-3 font-semibold">{bi('মাধ্যম অনুযায়ী', 'By method')}</h3>
      <ul>
        {report.by_method.map((m) => (
          <li key={m.method}>
            {COUNTER_METHOD_LABELS[m.method as CounterPaymentMethod]?.en ?? m.method}: {m.sales} · {taka(m.total)}
          </li>
        ))}
      </ul>
      <h3 className="mt-3 font-semibold">{bi('বিক্রেতা অনুযায়ী', 'By seller')}</h3>
      <ul>
        {report.by_staff.map((s) => (
          <li key={String(s.user)}>
            {s.name || '—'}: {s.sales} · {taka(s.total)}
          </li>
        ))}
      </ul>
      {report.short.length > 0 && (
        <p className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-amber-900" data-testid="pos-report-short">
          {bi('স্টক মেলেনি এমন বিক্রি', 'Sales short of stock')}:{' '}
          {report.short.map((s) => (
            <a key={s.id} className="mr-2 underline" href={`/admin-orders?search=${s.id}`}>
              #{s.id}
            </a>
          ))}
        </p>
      )}
      {report.check.length > 0 && (
        <div className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-amber-900" data-testid="pos-report-check">
          {bi('দেখে নেওয়ার মতো বিক্রি', 'Sales to check')}:
          <ul>
            {report.check.map((s) => (
              <li key={s.id} className="whitespace-pre-wrap">
                <a className="underline" href={`/admin-orders?search=${s.id}`}>
                  #{s.id}
                </a>{' '}
                {s.note}
              </li>
            ))}
          </ul>
        </div>
      )}
      <button type="button" className="mt-2 text-brand underline" onClick={() => setAsked((n) => n + 1)}>
        {bi('আবার দেখুন', 'Refresh')}
      </button>
    </div>
  );
}
