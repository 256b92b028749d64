/**
 * The order screen's desk panel, on screen only (never on the printed invoice): the buyer's
 * record by phone number, whether the order is confirmed (and the "Called — confirmed" button,
 * with a note from the call), where it came from, the staff's note, and the history of its edits.
 */
import { useRef } from 'react';
import type { ConfirmationMethod, CustomerHistory, OrderConfirmation, OrderSource } from '../../../../domain/order-desk';
import { Panel } from '../page';
import { BuyerRecord } from './buyer';
import { ConfirmationBadge, ConfirmButton, canConfirm } from './confirm-order';
import { SOURCE_TEXT, type DeskEdit } from './desk';

interface DeskOrder {
  id: number;
  status: string;
  phone_number: string;
  confirmation: OrderConfirmation;
  confirmation_method: ConfirmationMethod | null;
  confirmed_at: string | null;
  source: OrderSource;
  staff_note: string | null;
}

export function DeskPanel({ order, history, edits }: { order: DeskOrder; history: CustomerHistory | null; edits: DeskEdit[] }) {
  const note = useRef<HTMLInputElement>(null);
  return (
    <div className="no-print mx-auto mb-6 max-w-[210mm] print:hidden" data-testid="desk-panel">
      <Panel title="Order desk">
        <div className="grid gap-4 md:grid-cols-2">
          <div className="grid content-start gap-2 text-sm">
            <p>
              <span className="font-medium">Buyer&apos;s number: </span>
              <a href={`tel:${order.phone_number}`} className="font-mono text-brand underline">
                {order.phone_number}
              </a>
            </p>
            <p>
              <span className="font-medium">Confirmation: </span>
              <ConfirmationBadge order={order} />
            </p>
            {canConfirm(order) && (
              <div className="flex flex-wrap items-end gap-2">
                <label className="min-w-0 flex-1 text-xs">
                  Note from the call (optional)
                  <input ref={note} maxLength={500} className="mt-1 block w-full rounded border border-stone-300 px-2 py-1 text-sm" data-testid="confirm-note" />
                </label>
                <ConfirmButton order={order} size="md" note={() => note.current?.value ?? ''} />
              </div>
            )}
            <p>
              <span className="font-medium">Came by: </span>
              <span data-testid="order-source">{SOURCE_TEXT[order.source]}</span>
            </p>
            {order.staff_note && (
              <div>
                <span className="font-medium">Staff note: </span>
                <p className="mt-0.5 rounded bg-amber-50 px-2 py-1 whitespace-pre-wrap" data-testid="staff-note">
                  {order.staff_note}
                </p>
              </div>
            )}
          </div>
          <BuyerRecord history={history} />
        </div>
        {edits.length > 0 && <EditHistory edits={edits} />}
      </Panel>
    </div>
  );
}

function EditHistory({ edits }: { edits: DeskEdit[] }) {
  return (
    <div className="mt-4 border-t border-stone-100 pt-3">
      <h3 className="mb-2 text-sm font-semibold">Edits</h3>
      <ol className="grid gap-2 text-sm" data-testid="edit-history">
        {edits.map((e) => (
          <li key={e.id} className="rounded border border-stone-200 px-3 py-2" data-testid="order-edit">
            <p className="text-xs text-stone-600">
              {e.at.slice(0, 16).replace('T', ' ')}
              {e.user_name && ` · ${e.user_name}`}
            </p>
            <ul className="mt-1 grid gap-0.5">
              {e.changes.map((c) => (
                <li key={c.field}>
                  <span className="font-medium">{c.field.replace(/_/g, ' ')}:</span> <span className="text-stone-600 line-through">{c.before}</span> → <span>{c.after}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
