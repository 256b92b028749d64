/**
 * The parts of a list of lines that the orders page shares with the cart, wishlist and checkout:
 * the lines table and the loading and empty states. Apart from cart-parts.tsx so that /order does
 * not fetch the cart's buttons and quote (issue 32: each page ≤ 110 KiB).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';

/** A column of a lines table: its heading (for screen readers only when `hidden`) and its classes. */
export type Column = [label: string, className: string, hidden?: boolean];

export function LinesTable({ columns, testId, headClassName = 'border-b border-stone-200 bg-stone-100 text-xs uppercase', children }: { columns: Column[]; testId?: string; headClassName?: string; children: ReactNode }) {
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <thead className={headClassName}>
        <tr>
          {columns.map(([label, className, hidden]) => (
            <th key={label} scope="col" className={className}>
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * The server can't see the browser's stored cart, so it renders "loading"; the box keeps the
 * empty state's size, so that what the browser then shows moves nothing below it.
 */
const GATE_BOX = 'flex min-h-48 flex-col items-center justify-center rounded-lg bg-white px-4 py-12 text-center shadow-sm';

export function Loading() {
  const t = useT();
  return (
    <p className={`${GATE_BOX} text-stone-600`} role="status">
      {t('লোড হচ্ছে…', 'Loading…')}
    </p>
  );
}

/** Nothing to show yet: the message and a way back to the books. */
export function EmptyState({ text }: { text: string }) {
  const t = useT();
  return (
    <div className={GATE_BOX} data-testid="empty-state">
      <p className="text-lg">{text}</p>
      <Link to="/books" className="mt-4 inline-block rounded bg-brand px-4 py-2 text-white">
        {t('বই দেখুন', 'Browse books')}
      </Link>
    </div>
  );
}
