/**
 * What an online payment gateway does for the shop, whichever gateway it is. Each gateway is a
 * plug-in in its own folder (server/payments/gateways/<id>/, gateways/plugin.ts): a real client
 * of its documented HTTP API, configured by environment variables (read by server/config.ts),
 * with timeouts; tests run it against the loopback fake in the same folder.
 *
 * The flow: `start` opens a payment for one attempt and answers the page to send the customer
 * to. When the customer (or the gateway's server) comes back, the shop never believes the
 * callback: `confirm` asks the gateway what really happened. `lookup` asks again later (an
 * attempt left open, a confirm that timed out). `refund` gives money back.
 */
import type { OnlineGateway } from '../../domain/providers';

/** What a gateway says about one payment. */
export type GatewayVerdict =
  /** The money was taken: `amount` in taka, `reference` the gateway's transaction id (bKash trxID, SSLCommerz bank_tran_id). */
  | { state: 'paid'; amount: number; currency: string; reference: string; invoice: string; review: boolean; raw: unknown }
  /** Refused, failed or cancelled: no money was taken. */
  | { state: 'failed'; reason: string; raw: unknown }
  /** Not finished yet (the customer is still on the gateway's page), or the gateway could not say. */
  | { state: 'open'; raw: unknown };

export interface StartInput {
  /** Unique per attempt; bKash merchantInvoiceNumber, SSLCommerz tran_id. */
  invoice: string;
  /** Taka, the server's total. */
  amount: number;
  customer: { name: string; phone: string; email: string; address: string; city: string };
  /** Absolute URLs built from PUBLIC_URL (each plug-in's `returnUrls`). bKash uses `callback`; SSLCommerz the other four. */
  urls: ReturnUrls;
  productName: string;
}

/** Where a gateway sends the customer (or its own server) back to. */
export interface ReturnUrls {
  callback: string;
  success: string;
  fail: string;
  cancel: string;
  ipn: string;
}

export interface StartResult {
  /** Where the browser goes: bKash's bkashURL or SSLCommerz's GatewayPageURL. */
  paymentUrl: string;
  /** The gateway's id of this payment: bKash paymentID, SSLCommerz sessionkey. */
  gatewayRef: string;
  raw: unknown;
}

export interface RefundInput {
  /** bKash paymentID of the paid attempt (unused by SSLCommerz). */
  gatewayRef: string;
  /** bKash trxID or SSLCommerz bank_tran_id. */
  reference: string;
  amount: number;
  reason: string;
  /** Unique per refund, for the gateway's own records. */
  refundId: string;
}

export interface RefundResult {
  ok: boolean;
  /** The gateway's refund transaction id when ok; its message otherwise. */
  reference?: string;
  message?: string;
  raw: unknown;
}

export interface PaymentGateway {
  readonly id: OnlineGateway;
  start(input: StartInput): Promise<StartResult>;
  /**
   * Settles a payment the customer says is done. bKash: `ref` is the paymentID; execute it, and
   * if execute errors or times out, query it. SSLCommerz: `ref` is the val_id; validate it.
   */
  confirm(ref: string): Promise<GatewayVerdict>;
  /** Asks again what became of an attempt: bKash by paymentID, SSLCommerz by tran_id (the invoice). */
  lookup(attempt: { gatewayRef: string; invoice: string }): Promise<GatewayVerdict>;
  refund(input: RefundInput): Promise<RefundResult>;
}

/** A gateway call that failed: the gateway's words for the admin or log, never a secret. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'http' | 'refused' | 'network',
    readonly raw?: unknown,
  ) {
    super(message);
  }
}
