/**
 * The fake SSLCommerz's model: its store credentials, the shapes of its sessions and knobs (the
 * `FakeSslcommerz` object a test holds), the state its handlers share, paying a session, and the
 * fields SSLCommerz posts back and reports for one. The entry point is ./fake.ts.
 */
import crypto from 'node:crypto';

export const FAKE_SSLCOMMERZ_CREDENTIALS = { storeId: 'fakestore01', storePassword: 'fakestore01@ssl' } as const;

export type FakeSslcommerzStatus = 'PENDING' | 'VALID' | 'VALIDATED' | 'FAILED' | 'CANCELLED' | 'UNATTEMPTED' | 'EXPIRED';

export interface FakeSslcommerzSession {
  sessionkey: string;
  tran_id: string;
  total_amount: string;
  currency: string;
  success_url: string;
  fail_url: string;
  cancel_url: string;
  ipn_url: string;
  /** Every field the shop sent at init (but the store password). */
  fields: Record<string, string>;
  status: FakeSslcommerzStatus;
  val_id?: string;
  bank_tran_id?: string;
  tran_date: string;
  /** How many times the validation API was asked about this payment. */
  validations: number;
  refunds: { refund_ref_id: string; amount: string; remarks: string; refe_id: string; refund_trans_id: string }[];
}

export interface FakeSslcommerzOptions {
  credentials?: Partial<typeof FAKE_SSLCOMMERZ_CREDENTIALS>;
}

export interface FakeSslcommerz {
  /** Base URL: what SSLCOMMERZ_BASE_URL is set to. */
  url: string;
  credentials: typeof FAKE_SSLCOMMERZ_CREDENTIALS;
  /** The environment that points the server (config.ts reads it) at this fake. */
  env: Record<'SSLCOMMERZ_BASE_URL' | 'SSLCOMMERZ_STORE_ID' | 'SSLCOMMERZ_STORE_PASSWORD', string>;
  close(): Promise<void>;

  /** Sessions by sessionkey. */
  sessions: Map<string, FakeSslcommerzSession>;
  /** Calls to the validation API (whatever their answer). */
  validations: number;
  /** Calls to the transaction query by tran_id. */
  queries: number;
  /** Refund calls (whatever their answer). */
  refundCalls: number;
  /** Every API call, in order, with its parameters (the store password replaced by "***"). */
  requests: { path: string; params: Record<string, string> }[];

  // Knobs.
  /** The validation API reports this status whatever the payment's state (null: the real one). */
  validationStatus: 'VALID' | 'VALIDATED' | 'INVALID_TRANSACTION' | 'FAILED' | null;
  /** risk_level reported for paid payments ('0' low, '1' high: hold for review). */
  riskLevel: '0' | '1';
  /** Validation and query report this amount instead of the session's. */
  amountOverride: string | null;
  /** Validation and query report this currency instead of the session's. */
  currencyOverride: string | null;
  /** Init answers FAILED with this reason. */
  initFails: string | null;
  /** Every validator call answers with this HTTP status (e.g. 502) and an HTML body. */
  httpFails: number | null;
  /** Validator calls answer after this many ms. */
  delayMs: number;
  /** Refund fails (true: a generic errorReason; or this errorReason). */
  refundFails: boolean | string;
  /** The gateway page also POSTs the IPN to ipn_url (as SSLCommerz does, server to server). */
  sendIpnOnPay: boolean;

  /** The customer paid on the gateway page: answers the val_id to validate. */
  payOnGateway(tran_id: string): string;
  /** The customer's payment failed on the gateway page. */
  failOnGateway(tran_id: string): void;
  /** The customer cancelled on the gateway page. */
  cancelOnGateway(tran_id: string): void;
  /** The session for a tran_id (the newest, if the shop opened several). */
  session(tran_id: string): FakeSslcommerzSession;
  /** The fields SSLCommerz POSTs to success_url / ipn_url for a paid session. */
  callbackFields(tran_id: string): Record<string, string>;
  /** POSTs the IPN for a session to its ipn_url; answers the shop's HTTP status. */
  sendIpn(tran_id: string): Promise<number>;
}

/** What the fake's handlers share: the fake itself, and what only they see. */
export interface FakeSslcommerzState {
  fake: FakeSslcommerz;
  credentials: typeof FAKE_SSLCOMMERZ_CREDENTIALS;
  /** http://127.0.0.1:port */
  origin: string;
  /** Runs `fn` after `ms`, unless the fake is closed first. */
  later(ms: number, fn: () => void): void;
}

/** The customer pays the session (if it is still PENDING); answers its val_id. */
export function pay(s: FakeSslcommerzSession): string {
  if (s.status === 'PENDING') {
    s.status = 'VALID';
    s.val_id = `${new Date().toISOString().slice(2, 10).replace(/-/g, '')}${crypto.randomBytes(8).toString('hex')}`;
    s.bank_tran_id = `${new Date().toISOString().slice(2, 10).replace(/-/g, '')}${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
    s.tran_date = sslTime();
  }
  if (!s.val_id) throw new Error(`fake SSLCommerz: ${s.tran_id} is ${s.status}, not payable`);
  return s.val_id;
}

/** The fields SSLCommerz POSTs to success_url (or fail_url, cancel_url) and ipn_url. */
export function callbackFields(fake: FakeSslcommerz, s: FakeSslcommerzSession): Record<string, string> {
  const paid = s.status === 'VALID' || s.status === 'VALIDATED';
  return {
    tran_id: s.tran_id,
    ...(paid ? { val_id: s.val_id!, bank_tran_id: s.bank_tran_id! } : {}),
    amount: s.total_amount,
    store_amount: storeAmount(s),
    card_type: paid ? 'BKASH-BKash' : '',
    card_no: '',
    currency: s.currency,
    status: paid ? 'VALID' : s.status,
    tran_date: s.tran_date,
    ...issuer(s),
    ...risk(fake),
    ...(paid ? {} : { error: s.status === 'CANCELLED' ? 'Cancelled by customer' : 'Transaction declined' }),
    ...passedThrough(s),
    verify_sign: crypto.randomBytes(16).toString('hex'),
    verify_key: 'amount,bank_tran_id,card_type,currency,status,store_amount,tran_date,tran_id,val_id',
  };
}

/** The session as the validation API and the transaction query report it, with this status. */
export function report(fake: FakeSslcommerz, s: FakeSslcommerzSession, status: string) {
  return {
    status,
    tran_date: s.tran_date,
    tran_id: s.tran_id,
    val_id: s.val_id ?? '',
    amount: fake.amountOverride ?? s.total_amount,
    store_amount: storeAmount(s),
    currency: fake.currencyOverride ?? s.currency,
    bank_tran_id: s.bank_tran_id ?? '',
    card_type: s.val_id ? 'BKASH-BKash' : '',
    card_no: '',
    ...issuer(s),
    currency_rate: '1.0000',
    base_fair: '0.00',
    ...passedThrough(s),
    ...risk(fake),
  };
}

function storeAmount(s: FakeSslcommerzSession) {
  return (Number(s.total_amount) * 0.975).toFixed(2);
}

/** Who issued the means of payment (always bKash here), and the amount in its currency. */
function issuer(s: FakeSslcommerzSession) {
  return {
    card_issuer: 'BKash Mobile Banking',
    card_brand: 'MOBILEBANKING',
    card_issuer_country: 'Bangladesh',
    card_issuer_country_code: 'BD',
    currency_type: s.currency,
    currency_amount: s.total_amount,
  };
}

function risk(fake: FakeSslcommerz) {
  return { risk_level: fake.riskLevel, risk_title: fake.riskLevel === '1' ? 'High' : 'Safe' };
}

/** The shop's own values it sent at init, handed back. */
function passedThrough(s: FakeSslcommerzSession) {
  return { value_a: s.fields.value_a ?? '', value_b: s.fields.value_b ?? '', value_c: s.fields.value_c ?? '', value_d: s.fields.value_d ?? '' };
}

/** SSLCommerz's time format, e.g. "2024-05-01 10:20:30". */
export function sslTime() {
  return new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
