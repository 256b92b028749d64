/**
 * An order's payment statuses and whether the customer may pay online again: what the shop's
 * pages show, without the payment schemas of domain/payments.ts (which re-exports all of this),
 * so that zod stays off the storefront's pages (issue 32: each page ≤ 110 KiB of scripts).
 */
import { isOnlineGateway } from './providers';

/**
 * An order's payment:
 * - `unpaid`: nothing received yet (cash on delivery, and wallet orders placed before claims were kept);
 * - `unverified`: the customer claims a wallet payment (TrxID at checkout) that staff have not checked;
 * - `partly_paid`: verified money short of the total (e.g. the delivery charge sent by bKash);
 * - `pending`: an online payment was opened and the customer has not finished it;
 * - `paid`: the money was received (online: confirmed by the gateway; cash: delivered);
 * - `review`: the gateway took the money but flagged it as risky, or the money arrived for an order
 *   already cancelled that could not be reopened (`refund_due`); an admin accepts or refunds it;
 * - `failed`: the last online payment failed or was cancelled; the customer may pay again;
 * - `refunded` / `partially_refunded`: money was given back, all of it or part of it.
 */
export const PAYMENT_STATUSES = ['unpaid', 'unverified', 'pending', 'partly_paid', 'paid', 'review', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Not paid yet and still open to an online payment: a new attempt may start. */
export const PAYABLE: readonly PaymentStatus[] = ['unpaid', 'pending', 'failed'];

/** Whether the customer may (again) be sent to the gateway for this order. */
export function canStartPayment(order: { status: string; payment_gateway: string | null; payment_status: PaymentStatus }): boolean {
  return order.status === 'Pending' && order.payment_gateway !== null && isOnlineGateway(order.payment_gateway) && PAYABLE.includes(order.payment_status);
}

/** Whether a payment option is one of the online gateways (by its flag or its id). */
export function isOnlineOption(option: { id: string; online?: boolean | undefined }): boolean {
  return option.online === true || isOnlineGateway(option.id);
}
