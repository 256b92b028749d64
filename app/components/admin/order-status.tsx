/** An order's status in the back office: its badge, and the Delivered / Returned / Cancelled buttons (disabled once final). */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { OrderStatus } from '../../../domain/orders';
import { isFinal } from '../../../domain/order-states';
import { useT } from '../../lib/i18n';
import { notify } from '../notices';
import { failureText, sendApi } from '../form/api';
import { Button } from './buttons';
import { useConfirm } from './confirm';

export const STATUS_BADGE: Record<OrderStatus, string> = {
  Pending: 'bg-amber-100 text-amber-900',
  Delivered: 'bg-emerald-100 text-emerald-900',
  Returned: 'bg-sky-100 text-sky-900',
  Cancelled: 'bg-red-100 text-red-900',
};

const ACTIONS: { to: OrderStatus; kind: 'primary' | 'secondary' | 'danger' }[] = [
  { to: 'Delivered', kind: 'primary' },
  { to: 'Returned', kind: 'secondary' },
  { to: 'Cancelled', kind: 'danger' },
];

/**
 * The status buttons. `paidOnline` (money an online payment took that can still be given back)
 * adds a line to the question, and `onChanged` is told of the new status after the change (the
 * list then offers the refund of a cancelled or returned order).
 */
export function StatusButtons({ id, status, paidOnline, onChanged }: { id: number; status: OrderStatus; paidOnline?: number; onChanged?: (to: OrderStatus) => void }) {
  const t = useT();
  const { confirm, dialog } = useConfirm('Yes, change it');
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const final = isFinal(status);
  return (
    <div className="flex gap-1">
      {ACTIONS.map((a) => (
        <Button
          key={a.to}
          kind={a.kind}
          size="sm"
          disabled={final || busy}
          title={final ? `This order is ${status}; its status cannot change.` : undefined}
          onClick={async () => {
            const money = paidOnline && a.to !== 'Delivered' ? ` It was paid online (৳ ${paidOnline}); you can refund it next.` : '';
            if (!(await confirm(`Mark order #${id} as ${a.to}? This cannot be undone.${a.to === 'Cancelled' ? ' The customer gets a text message.' : ''}${money}`))) return;
            setBusy(true);
            const res = await sendApi('PUT', `/api/order/${id}/`, { status: a.to });
            setBusy(false);
            if (!res.ok) {
              notify(failureText(res, t), 'error', 6000);
              return;
            }
            notify(`Order #${id}: status updated successfully (${a.to}).`);
            await revalidator.revalidate();
            onChanged?.(a.to);
          }}
        >
          {a.to}
        </Button>
      ))}
      {dialog}
    </div>
  );
}
