/** The receipts recorded, newest first: when, from whom, its reference, each line and the cost, and who recorded it. */
import { Link } from 'react-router';
import { stockTime } from './stock-text';

export interface ReceiptRow {
  id: number;
  supplier: string;
  reference: string;
  user_name: string | null;
  created_at: string;
  total_cost: number | null;
  lines: { product: number; title: string; quantity: number; unit_cost: number | null }[];
}

export function ReceiptListRow({ receipt: r }: { receipt: ReceiptRow }) {
  return (
    <tr data-testid="receipt-row" data-receipt-id={r.id}>
      <td className="whitespace-nowrap">
        #{r.id}
        <div className="text-xs text-stone-600">{stockTime(r.created_at)}</div>
      </td>
      <td className="font-medium">
        {r.supplier}
        {r.reference && <div className="text-xs text-stone-600">{r.reference}</div>}
      </td>
      <td>
        <ul className="grid gap-0.5">
          {r.lines.map((l, i) => (
            <li key={i}>
              <Link className="text-brand underline" to={`/admin-stock-history/${l.product}`}>
                {l.title || `#${l.product}`}
              </Link>{' '}
              × {l.quantity}
              {l.unit_cost !== null && <span className="text-stone-600"> @ ৳ {l.unit_cost}</span>}
            </li>
          ))}
        </ul>
      </td>
      <td className="whitespace-nowrap">{r.total_cost === null ? '—' : `৳ ${r.total_cost.toLocaleString('en-IN')}`}</td>
      <td>{r.user_name ?? '—'}</td>
    </tr>
  );
}
