/** The back office's lists: a table with a header row, and the row shown when a list is empty. */
import type { ReactNode } from 'react';

export function Table({ head, children, testId, dense }: { head: string[]; children: ReactNode; testId?: string; dense?: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className={`w-full border-collapse text-left ${dense ? 'text-xs' : 'text-sm'}`} data-testid={testId}>
        <thead>
          <tr className="border-b-2 border-stone-200 bg-stone-50">
            {head.map((h) => (
              <th key={h} className="px-1.5 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&>tr]:border-b [&>tr]:border-stone-100 [&>tr:hover]:bg-stone-50 [&_td]:px-1.5 [&_td]:py-1.5">{children}</tbody>
      </table>
    </div>
  );
}

export const NO_RESULT = 'Sorry, No result found!';

export function Empty({ colSpan, text = NO_RESULT }: { colSpan: number; text?: string | undefined }) {
  return (
    <tr>
      <td colSpan={colSpan} className="py-6 text-center text-stone-500" data-testid="empty">
        {text}
      </td>
    </tr>
  );
}
