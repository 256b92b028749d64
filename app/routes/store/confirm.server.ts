/**
 * The data of /c/{token}, the one-time link an order's SMS carries (issue 33): the order it
 * confirms, and confirming it. Both ask the orders' confirmation service through the load
 * context; the service refuses a token of the wrong shape before any query, and answers nothing
 * for an unknown, used or expired one.
 */
import type { AppLoadContext } from 'react-router';
import type { LinkOrder } from '../../../server/orders/service';

export type { LinkOrder };

/** What the page shows: the order to confirm, the order just confirmed, or a link that no longer works. */
export type ConfirmView = { kind: 'ask'; order: LinkOrder } | { kind: 'confirmed'; order: LinkOrder } | { kind: 'gone' };

export async function linkView(context: AppLoadContext, token: string): Promise<ConfirmView> {
  const order = await context.services.orders.confirmation.byToken(token);
  return order ? { kind: 'ask', order } : { kind: 'gone' };
}

export async function confirmLink(context: AppLoadContext, token: string): Promise<ConfirmView> {
  const order = await context.services.orders.confirmation.confirmByToken(token);
  return order ? { kind: 'confirmed', order } : { kind: 'gone' };
}

/** 404 for a link that confirms nothing: unknown, used, or its order no longer Pending. */
export const statusOf = (view: ConfirmView) => (view.kind === 'gone' ? 404 : 200);
