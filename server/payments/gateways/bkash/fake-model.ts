/**
 * The fake bKash's model: its credentials and path prefix, the shapes of its payments and knobs
 * (the `FakeBkash` object a test holds), the state its handlers share, and the payment's report
 * as bKash's execute and status query give it. The entry point is ./fake.ts.
 */
import crypto from 'node:crypto';
import type http from 'node:http';

export const FAKE_BKASH_CREDENTIALS = {
  appKey: 'fake-app-key',
  appSecret: 'fake-app-secret',
  username: 'fake-merchant',
  password: 'fake-password',
} as const;

/** The path bKash serves the Tokenized Checkout API under; `url` ends with it. */
export const FAKE_BKASH_PREFIX = '/v1.2.0-beta/tokenized/checkout';

export type FakeBkashStatus = 'Initiated' | 'Completed' | 'Cancelled' | 'Failed' | 'Expired';

export interface FakeBkashPayment {
  paymentID: string;
  amount: string;
  currency: string;
  intent: string;
  mode: string;
  payerReference: string;
  callbackURL: string;
  merchantInvoiceNumber: string;
  transactionStatus: FakeBkashStatus;
  /** The customer authorised it on the gateway page; execute may now take the money. */
  authorised: boolean;
  trxID?: string;
  customerMsisdn: string;
  paymentCreateTime: string;
  paymentExecuteTime?: string;
  refunds: { refundTrxID: string; amount: string; sku: string; reason: string }[];
}

/** How a call fails: an HTTP status (with a non-JSON body when ≥ 500), or a bKash error code. */
export interface FakeBkashFailure {
  httpStatus?: number;
  statusCode?: string;
  statusMessage?: string;
}

export interface FakeBkashOptions {
  credentials?: Partial<typeof FAKE_BKASH_CREDENTIALS>;
  /** Seconds the granted id_token lives (bKash: 3600). */
  expiresIn?: number;
}

export interface FakeBkash {
  /** Base URL of the API, with the path prefix: what BKASH_BASE_URL is set to. */
  url: string;
  /** http://127.0.0.1:port */
  origin: string;
  credentials: typeof FAKE_BKASH_CREDENTIALS;
  /** The environment that points the server (config.ts reads it) at this fake. */
  env: Record<'BKASH_BASE_URL' | 'BKASH_APP_KEY' | 'BKASH_APP_SECRET' | 'BKASH_USERNAME' | 'BKASH_PASSWORD', string>;
  close(): Promise<void>;

  /** Token grants answered successfully. */
  grants: number;
  /** Token refreshes answered successfully. */
  refreshes: number;
  /** Execute calls per paymentID (whatever their answer). */
  executes: Map<string, number>;
  /** Status queries per paymentID. */
  queries: Map<string, number>;
  /** Refund calls (whatever their answer). */
  refundCalls: number;
  payments: Map<string, FakeBkashPayment>;
  /** Every API call, in order (not the gateway page). */
  requests: { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[];

  // Knobs.
  /** Seconds an id_token lives; bKash says 3600. */
  expiresIn: number;
  /** Token grant fails like this. */
  grantFails: FakeBkashFailure | null;
  /** Token refresh fails like this (the client should grant again). */
  refreshFails: FakeBkashFailure | null;
  /** Create fails like this. */
  createFails: FakeBkashFailure | null;
  /**
   * Execute answers this error. With `afterCompleting`, the fake first completes the payment
   * (if the customer authorised it) and only the answer is lost: the query then says Completed.
   */
  executeFails: (FakeBkashFailure & { afterCompleting?: boolean }) | null;
  /**
   * Execute completes the payment (if authorised) and then answers only after this many ms,
   * to outlast a client's timeout. 0: answers at once.
   */
  executeTimesOut: number;
  /** Status query fails like this (every time, until cleared). */
  queryFails: FakeBkashFailure | null;
  /** Status query fails like this once, then answers normally. */
  queryFailsOnce: FakeBkashFailure | null;
  /** The status query reports this transactionStatus whatever the payment's state. */
  queryStatus: FakeBkashStatus | null;
  /** Execute and query report this amount (a string, as bKash sends it) instead of the payment's. */
  amountOverride: string | null;
  /** Refund fails (true: bKash error 2071; or this failure). */
  refundFails: boolean | FakeBkashFailure;

  /** The customer authorised the payment on the gateway page (execute will then complete it). */
  completePayment(paymentID: string): void;
  /** Completed as if executed (an execute whose answer the shop never saw); answers the trxID. */
  markCompleted(paymentID: string): string;
  /** The customer's payment failed on the gateway page. */
  failPayment(paymentID: string): void;
  /** The customer cancelled on the gateway page. */
  cancelPayment(paymentID: string): void;
  /** The payment expired unpaid. */
  expirePayment(paymentID: string): void;
  /** Every id_token stops working now (refresh tokens still do). */
  revokeTokens(): void;
  /** Gateway page URL for a payment (what create answered as bkashURL). */
  pageUrl(paymentID: string): string;
}

/** What the fake's handlers share: the fake itself, and what only they see. */
export interface FakeBkashState {
  fake: FakeBkash;
  credentials: typeof FAKE_BKASH_CREDENTIALS;
  /** The live id_tokens. */
  idTokens: Set<string>;
  /** The refresh tokens not used yet. */
  refreshTokens: Set<string>;
  /** Runs `fn` after `ms`, unless the fake is closed first. */
  later(ms: number, fn: () => void): void;
}

/** Completes the payment as execute does (nothing if it is Completed already). */
export function complete(p: FakeBkashPayment) {
  if (p.transactionStatus === 'Completed') return;
  p.transactionStatus = 'Completed';
  p.authorised = true;
  p.trxID = crypto.randomBytes(5).toString('hex').toUpperCase();
  p.paymentExecuteTime = bkashTime();
}

/** The payment as execute and the status query report it. */
export function report(fake: FakeBkash, p: FakeBkashPayment) {
  return {
    paymentID: p.paymentID,
    mode: p.mode,
    payerReference: p.payerReference,
    paymentCreateTime: p.paymentCreateTime,
    ...(p.paymentExecuteTime ? { paymentExecuteTime: p.paymentExecuteTime } : {}),
    ...(p.trxID ? { trxID: p.trxID, customerMsisdn: p.customerMsisdn } : {}),
    amount: fake.amountOverride ?? p.amount,
    currency: p.currency,
    intent: p.intent,
    merchantInvoiceNumber: p.merchantInvoiceNumber,
    transactionStatus: p.transactionStatus,
    verificationStatus: p.transactionStatus === 'Completed' ? 'Complete' : 'Incomplete',
  };
}

/** bKash's time format, e.g. "2024-05-01T10:20:30:123 GMT+0600". */
export function bkashTime() {
  const d = new Date(Date.now() + 6 * 3600_000);
  return d.toISOString().replace(/\.(\d{3})Z$/, ':$1 GMT+0600');
}
