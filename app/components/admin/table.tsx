/** The back office's lists: a table with a header row, and the row shown when a list is empty. */
import type { ReactNode } from 'react';
import { Pager } from '../pager';

export function Table({ head, children, testId, dense }: { head: string[]; children: ReactNode; testId?: string; dense?: boolean }) {
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone.
    <div className="overflow-x-auto" tabIndex={0}>
      <table className={`w-full border-collapse text-left ${dense ? 'text-xs' : 'text-sm'}`} data-testid={testId}>
        <thead>
          <tr className="border-b-2 border-stone-200 bg-stone-50">
            {/* A column without a title (row checkboxes, actions) gets a plain cell: an empty header names nothing. */}
            {head.map((h, i) =>
              h ? (
                <th key={h} className="px-1.5 py-2 font-semibold">
                  {h}
                </th>
              ) : (
                <td key={`blank-${i}`} />
              ),
            )}
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

interface RecordTableProps<T> {
  head: string[];
  /** Each record's row, with its key. */
  row: (record: T) => ReactNode;
  /** What the empty row says when there are no records. */
  empty?: string | undefined;
  testId?: string;
  dense?: boolean;
}

/** A table of records: a row per record, or the empty row across every column when there are none. */
export function RecordTable<T>({ head, records, row, empty, testId, dense }: RecordTableProps<T> & { records: readonly T[] }) {
  return (
    <Table head={head} testId={testId} dense={dense}>
      {records.length === 0 && <Empty colSpan={head.length} text={empty} />}
      {records.map((record) => row(record))}
    </Table>
  );
}

/** One page of a back-office list, as its loader answers it (`results`, `count`, `page`): its records, and the pager below with the page and item counts. */
export function PagedTable<T>({ list, ...table }: RecordTableProps<T> & { list: { results: readonly T[]; count: number; page: number } }) {
  return (
    <>
      <RecordTable records={list.results} {...table} />
      <Pager count={list.count} page={list.page} summary />
    </>
  );
}
