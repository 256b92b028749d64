/**
 * The reports screen's panels: each report's chart (charts.tsx), its table beneath with every
 * figure, and its CSV. Charts write Bengali digits; the tables write the CSV's digits (grouped
 * the South Asian way) so a figure can be found in the file as it is on the screen.
 */
import type { ReactNode } from 'react';
import type { MarginFigures, MarginRow, PaymentMixRow, SalesFigures, SalesRow, TopDimension, TopRow } from '../../../../domain/reports';
import type { CourierReportRow } from '../../../../domain/payouts';
import { Panel } from '../page';
import { RecordTable } from '../table';
import { BarChart, ColumnChart } from './charts';
import { countText, percentText, periodShort, takaText } from './format';
import { csvHref, type ScreenRange } from './links';

const tk = (n: number) => `৳ ${Math.round(n).toLocaleString('en-IN')}`;
const pct = (r: number) => `${Math.round(r * 1000) / 10} %`;

export function CsvLink({ href, what }: { href: string; what: string }) {
  return (
    <a href={href} download className="inline-flex items-center gap-1 rounded border border-stone-300 bg-white px-2 py-1 text-xs font-semibold text-stone-800 hover:bg-stone-100" aria-label={`${what}: CSV ডাউনলোড (download)`} data-testid="csv-link">
      CSV ↓
    </a>
  );
}

function ReportPanel({ title, csv, children, testId }: { title: string; csv: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Panel>
      <div className="mb-3 flex items-center justify-between gap-2" data-testid={testId}>
        <h2 className="text-base font-semibold">{title}</h2>
        {csv}
      </div>
      {children}
    </Panel>
  );
}

/** The range's totals in four cards. */
export function Totals({ totals }: { totals: SalesFigures }) {
  const cards: [string, string][] = [
    ['নিট · Net', takaText(totals.net)],
    ['বিক্রি · Revenue', takaText(totals.revenue)],
    ['অর্ডার · Orders', countText(totals.orders)],
    ['ফেরত · Refunds', takaText(totals.refunds)],
  ];
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="report-totals">
      {cards.map(([label, value]) => (
        <div key={label} className="rounded border border-stone-200 bg-white p-3 shadow-sm">
          <dt className="text-xs font-semibold text-stone-600">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-brand">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const GROUP_TEXT = { day: 'দিন অনুযায়ী · by day', week: 'সপ্তাহ অনুযায়ী (সোম–রবি) · by ISO week', month: 'মাস অনুযায়ী · by month' } as const;

export function SalesPanel({ range, rows, totals }: { range: ScreenRange; rows: SalesRow[]; totals: SalesFigures }) {
  const best = rows.reduce<SalesRow | null>((b, r) => (!b || r.net > b.net ? r : b), null);
  const desc = `${range.from} থেকে ${range.to}, ${rows.length}টি সময়কাল। মোট নিট ${takaText(totals.net)}${best && best.orders ? `; সবচেয়ে বেশি ${periodShort(best.period)}: ${takaText(best.net)}` : ''}। (Net sales per period; every figure is in the table below.)`;
  return (
    <ReportPanel title={`বিক্রি, ${GROUP_TEXT[range.group]} · Sales`} csv={<CsvLink href={csvHref('sales', range)} what="Sales" />} testId="sales-report">
      <ColumnChart title="নিট বিক্রি (Net sales)" desc={desc} points={rows.map((r) => ({ label: periodShort(r.period), name: r.period, value: r.net }))} testId="sales-chart" />
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold">সারণি · Table</summary>
        <RecordTable
          dense
          head={['সময় · Period', 'অর্ডার · Orders', 'একক · Units', 'বিক্রি · Revenue', 'ছাড় · Discounts', 'ডেলিভারি · Delivery', 'ফেরত · Refunds', 'নিট · Net']}
          records={[...rows, { period: 'মোট · Total', ...totals }]}
          testId="sales-table"
          row={(r) => (
            <tr key={r.period} className={r.period.startsWith('মোট') ? 'font-semibold' : ''}>
              <td>{r.period}</td>
              <td>{r.orders}</td>
              <td>{r.units}</td>
              <td>{tk(r.revenue)}</td>
              <td>{tk(r.discounts)}</td>
              <td>{tk(r.delivery)}</td>
              <td>{tk(r.refunds)}</td>
              <td className={r.net < 0 ? 'text-red-700' : ''}>{tk(r.net)}</td>
            </tr>
          )}
        />
      </details>
    </ReportPanel>
  );
}

export const TOP_TEXT: Record<TopDimension, [bn: string, en: string]> = {
  product: ['বই ও পণ্য', 'Products'],
  author: ['লেখক', 'Authors'],
  publisher: ['প্রকাশক', 'Publishers'],
  category: ['বিভাগ', 'Categories'],
};

export function TopPanel({ by, rows, range }: { by: TopDimension; rows: TopRow[]; range: ScreenRange }) {
  const [bn, en] = TOP_TEXT[by];
  const desc = rows.length ? `${rows.length}টি, বিক্রির অঙ্কে সাজানো; প্রথম ${rows[0]!.name}: ${takaText(rows[0]!.revenue)}। (Top ${en.toLowerCase()} by revenue.)` : 'এই সময়ে কিছু বিক্রি হয়নি। (Nothing sold.)';
  return (
    <ReportPanel title={`সেরা ১০ ${bn} · Top ${en}`} csv={<CsvLink href={csvHref('top', range, { by, limit: '10' })} what={`Top ${en}`} />} testId={`top-${by}`}>
      {rows.length > 0 && <BarChart title={`সেরা ${bn}: বিক্রি (Top ${en} by revenue)`} desc={desc} points={rows.map((r) => ({ label: r.name, value: r.revenue }))} testId={`top-${by}-chart`} />}
      <RecordTable
        dense
        head={['#', 'নাম · Name', 'একক · Units', 'বিক্রি · Revenue']}
        records={rows}
        empty="এই সময়ে কিছু বিক্রি হয়নি · Nothing sold in these days."
        row={(r) => (
          <tr key={r.id}>
            <td>{rows.indexOf(r) + 1}</td>
            <td>{r.name}</td>
            <td>{r.units}</td>
            <td>{tk(r.revenue)}</td>
          </tr>
        )}
      />
    </ReportPanel>
  );
}

export function PaymentsPanel({ rows, totals, range }: { rows: PaymentMixRow[]; totals: { orders: number; amount: number; paid: number }; range: ScreenRange }) {
  const desc = rows.length ? rows.map((r) => `${r.label}: ${takaText(r.amount)} (${percentText(r.share)})`).join('; ') : 'কোনো অর্ডার নেই। (No orders.)';
  return (
    <ReportPanel title="পেমেন্টের ধরন · Payment mix" csv={<CsvLink href={csvHref('payments', range)} what="Payment mix" />} testId="payments-report">
      {rows.length > 0 && <BarChart title="পেমেন্টের ধরন অনুযায়ী অর্ডারের অঙ্ক (Orders' amount by payment option)" desc={desc} points={rows.map((r) => ({ label: r.label, value: r.amount }))} testId="payments-chart" />}
      <RecordTable
        dense
        head={['ধরন · Option', 'অর্ডার · Orders', 'অঙ্ক · Amount', 'পাওয়া · Paid', 'অংশ · Share']}
        records={rows.length ? [...rows, { option: 'total', label: 'মোট · Total', ...totals, share: 1 }] : []}
        empty="কোনো অর্ডার নেই · No orders."
        row={(r) => (
          <tr key={r.option}>
            <td>{r.label}</td>
            <td>{r.orders}</td>
            <td>{tk(r.amount)}</td>
            <td>{tk(r.paid)}</td>
            <td>{pct(r.share)}</td>
          </tr>
        )}
      />
    </ReportPanel>
  );
}

const TYPE_TEXT: Record<string, string> = { books: 'বই · Books', electronics: 'ইলেকট্রনিক্স · Electronics', stationary: 'স্টেশনারি · Stationery', total: 'মোট · Total' };

export function MarginPanel({ rows, totals, range }: { rows: MarginRow[]; totals: MarginFigures; range: ScreenRange }) {
  return (
    <ReportPanel title="লাভ (ক্রয়মূল্য জানা পণ্যে) · Margin" csv={<CsvLink href={csvHref('margin', range)} what="Margin" />} testId="margin-report">
      <p className="mb-2 text-sm text-stone-700">
        ক্রয়মূল্য জানা পণ্যের বিক্রি {percentText(totals.coverage)}; তাতে লাভ {takaText(totals.margin)} ({percentText(totals.margin_rate)})। খরচ ধরা হয়েছে আজকের ক্রয়মূল্যে।{' '}
        <span className="text-stone-500">(Margin on the revenue whose products have a purchase price, at today&apos;s purchase prices.)</span>
      </p>
      <RecordTable
        dense
        head={['ধরন · Type', 'বিক্রি · Revenue', 'হিসাবে · Covered', 'খরচ · Cost', 'লাভ · Margin', 'লাভের হার · Rate', 'আওতা · Coverage']}
        records={rows.length ? [...rows, { type: 'total', ...totals }] : []}
        empty="এই সময়ে কিছু বিক্রি হয়নি · Nothing sold in these days."
        testId="margin-table"
        row={(r) => (
          <tr key={r.type}>
            <td>{TYPE_TEXT[r.type] ?? r.type}</td>
            <td>{tk(r.revenue)}</td>
            <td>{tk(r.covered_revenue)}</td>
            <td>{tk(r.cost)}</td>
            <td>{tk(r.margin)}</td>
            <td>{pct(r.margin_rate)}</td>
            <td>{pct(r.coverage)}</td>
          </tr>
        )}
      />
    </ReportPanel>
  );
}

export function CouriersPanel({ rows, range }: { rows: (CourierReportRow & { label: string })[]; range: ScreenRange }) {
  return (
    <ReportPanel title="কুরিয়ার · Couriers" csv={<CsvLink href={csvHref('couriers', range)} what="Couriers" />} testId="couriers-report">
      <RecordTable
        dense
        head={['কুরিয়ার · Courier', 'পার্সেল · Parcels', 'ডেলিভারি · Delivered', 'ফেরত · Returned', 'ফেরতের হার · Return rate', 'COD প্রাপ্য · Expected', 'পাওয়া · Received', 'চার্জ · Fees', 'বাকি · Outstanding']}
        records={rows}
        empty="এই সময়ের অর্ডারে কোনো পার্সেল বুক হয়নি · No parcel booked for these days' orders."
        row={(r) => (
          <tr key={r.courier}>
            <td className="font-semibold">{r.label}</td>
            <td>{r.parcels}</td>
            <td>{r.delivered}</td>
            <td>{r.returned}</td>
            <td>{pct(r.return_rate)}</td>
            <td>{tk(r.cod_expected)}</td>
            <td>{tk(r.cod_received)}</td>
            <td>{tk(r.fees)}</td>
            <td className={r.outstanding > 0 ? 'font-semibold' : ''}>{tk(r.outstanding)}</td>
          </tr>
        )}
      />
    </ReportPanel>
  );
}
