/**
 * "Called — confirmed": staff confirm an unconfirmed Pending order after talking to the buyer
 * (`POST /api/order/{id}/confirm/`), and an order's confirmation as the desk shows it.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ConfirmationMethod, OrderConfirmation } from '../../../../domain/order-desk';
import { useT } from '../../../lib/i18n';
import { notify } from '../../notices';
import { failureText, sendApi } from '../../form/api';
import { Button } from '../buttons';

const METHOD_TEXT: Record<ConfirmationMethod, string> = {
  auto: 'at checkout',
  sms: 'by the buyer (SMS link)',
  call: 'by a call',
  staff: 'by staff',
  paid: 'by payment',
};

interface Confirmable {
  id: number;
  status: string;
  confirmation: OrderConfirmation;
}

/** Whether the order waits for a confirmation staff can give (only a Pending order can be confirmed). */
export function canConfirm(order: Confirmable): boolean {
  return order.confirmation === 'unconfirmed' && order.status === 'Pending';
}

/** The button; `note` goes to the order's staff note with the confirmation. */
export function ConfirmButton({ order, size = 'sm', note }: { order: Confirmable; size?: 'sm' | 'md'; note?: () => string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  if (!canConfirm(order)) return null;
  return (
    <Button
      size={size}
      disabled={busy}
      data-testid="confirm-order"
      data-shortcut="confirm"
      title="The buyer was called and wants the order"
      onClick={async () => {
        setBusy(true);
        const text = note?.().trim();
        const res = await sendApi('POST', `/api/order/${order.id}/confirm/`, { method: 'call', ...(text ? { note: text } : {}) });
        setBusy(false);
        if (!res.ok) {
          notify(failureText(res, t), 'error', 6000);
          await revalidator.revalidate();
          return;
        }
        notify(`Order #${order.id} confirmed.`);
        await revalidator.revalidate();
      }}
    >
      {busy ? 'Confirming…' : 'Called — confirmed'}
    </Button>
  );
}

/** The order's confirmation in words: waiting, or confirmed how and when. */
export function ConfirmationBadge({ order }: { order: Confirmable & { confirmation_method?: ConfirmationMethod | null; confirmed_at?: string | null } }) {
  if (order.confirmation === 'unconfirmed') {
    return (
      <span className="rounded border border-amber-300 bg-amber-50 px-1.5 py-px text-[11px] font-semibold whitespace-nowrap text-amber-900" data-testid="confirmation" data-confirmation="unconfirmed">
        Not confirmed
      </span>
    );
  }
  const how = order.confirmation_method ? METHOD_TEXT[order.confirmation_method] : '';
  return (
    <span className="text-[11px] whitespace-nowrap text-stone-600" data-testid="confirmation" data-confirmation="confirmed" title={order.confirmed_at ? `Confirmed ${order.confirmed_at.slice(0, 16).replace('T', ' ')}` : undefined}>
      Confirmed{how && ` ${how}`}
    </span>
  );
}
