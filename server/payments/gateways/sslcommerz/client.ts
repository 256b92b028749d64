/**
 * SSLCommerz (API v4), as the shop uses it: a session opened per attempt and the customer sent
 * to its GatewayPageURL; when they (or SSLCommerz's IPN) come back with a val_id, the order
 * validation API says what really happened; the transaction query by tran_id asks again later;
 * the refund API gives money back.
 *
 * The verdict reports amount, currency and tran_id exactly as SSLCommerz does: comparing them
 * with the attempt is the payments service's job. A payment SSLCommerz marks risky
 * (risk_level 1) is paid but flagged for review.
 *
 * Reads (validation, query) are repeated once after a network error; init and refund never are.
 * The store password travels in the query string of the validator APIs, as SSLCommerz wants it,
 * so no URL is ever put in an error, and the password is scrubbed from any text that is.
 */
import { GatewayError, type GatewayVerdict, type PaymentGateway, type RefundInput, type RefundResult, type StartInput, type StartResult } from '../../gateway';
import { callGateway, redact, retryOnce, str, taka } from '../../http';

export const SSLCOMMERZ_SANDBOX_URL = 'https://sandbox.sslcommerz.com';

export interface SslcommerzOptions {
  /** e.g. SSLCOMMERZ_SANDBOX_URL, or https://securepay.sslcommerz.com live. */
  baseUrl: string;
  storeId: string;
  storePassword: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const PAID = new Set(['VALID', 'VALIDATED']);
const NOT_PAID = new Set(['FAILED', 'CANCELLED', 'EXPIRED', 'INVALID_TRANSACTION', 'UNATTEMPTED']);

export class SslcommerzGateway implements PaymentGateway {
  readonly id = 'sslcommerz' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly opts: SslcommerzOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  async start(input: StartInput): Promise<StartResult> {
    const c = input.customer;
    const form = new URLSearchParams({
      store_id: this.opts.storeId,
      store_passwd: this.opts.storePassword,
      total_amount: taka(input.amount),
      currency: 'BDT',
      tran_id: input.invoice,
      success_url: input.urls.success,
      fail_url: input.urls.fail,
      cancel_url: input.urls.cancel,
      ipn_url: input.urls.ipn,
      cus_name: clip(c.name, 50),
      cus_email: clip(c.email, 50),
      cus_add1: clip(c.address, 50),
      cus_city: clip(c.city, 50),
      // The shop does not ask for a postcode; SSLCommerz wants the field.
      cus_postcode: '0000',
      cus_country: 'Bangladesh',
      cus_phone: clip(c.phone, 20),
      shipping_method: 'NO',
      num_of_item: '1',
      product_name: clip(input.productName, 255),
      product_category: 'general',
      product_profile: 'general',
    });
    const { data } = await this.call('/gwprocess/v4/api.php', 'SSLCommerz init', 'POST', form);
    const gatewayPage = str(data.GatewayPageURL);
    if (str(data.status).toUpperCase() !== 'SUCCESS' || !gatewayPage) {
      throw new GatewayError(`SSLCommerz init refused: ${this.hide(str(data.failedreason) || str(data.status) || 'no GatewayPageURL')}`, 'refused', data);
    }
    return { paymentUrl: gatewayPage, gatewayRef: str(data.sessionkey), raw: data };
  }

  /** Validates a val_id with SSLCommerz's order validation API. */
  async confirm(valId: string): Promise<GatewayVerdict> {
    const params = new URLSearchParams({ val_id: valId, ...this.credentials(), v: '1', format: 'json' });
    const { data } = await retryOnce(() => this.call('/validator/api/validationserverAPI.php', 'SSLCommerz validation', 'GET', params));
    this.checkConnect(data, 'SSLCommerz validation');
    const status = str(data.status).toUpperCase();
    if (PAID.has(status) && str(data.val_id) && str(data.val_id) !== valId) {
      return { state: 'failed', reason: 'SSLCommerz: the validation is about another val_id', raw: data };
    }
    return verdictOf(data);
  }

  /** What became of the attempt: every transaction SSLCommerz holds under its tran_id. */
  async lookup(attempt: { gatewayRef: string; invoice: string }): Promise<GatewayVerdict> {
    const params = new URLSearchParams({ tran_id: attempt.invoice, ...this.credentials(), v: '1', format: 'json' });
    const { data } = await retryOnce(() => this.call('/validator/api/merchantTransIDvalidationAPI.php', 'SSLCommerz query', 'GET', params));
    this.checkConnect(data, 'SSLCommerz query');
    const elements = (Array.isArray(data.element) ? data.element : []).filter(
      (e): e is Record<string, unknown> => !!e && typeof e === 'object' && str((e as Record<string, unknown>).tran_id) === attempt.invoice,
    );
    const verdicts = elements.map(verdictOf);
    // One paid transaction is the answer; else one still going; else they all failed.
    const paid = verdicts.find((v) => v.state === 'paid');
    if (paid) return { ...paid, raw: data };
    if (verdicts.length === 0 || verdicts.some((v) => v.state === 'open')) return { state: 'open', raw: data };
    const last = verdicts[verdicts.length - 1]!;
    return { ...last, raw: data };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const params = new URLSearchParams({
      bank_tran_id: input.reference,
      refund_trans_id: input.refundId,
      refund_amount: taka(input.amount),
      refund_remarks: clip(input.reason || 'Refund', 255),
      refe_id: input.refundId,
      ...this.credentials(),
      v: '1',
      format: 'json',
    });
    const { data } = await this.call('/validator/api/merchantTransIDvalidationAPI.php', 'SSLCommerz refund', 'GET', params);
    const connect = str(data.APIConnect);
    if (connect && connect !== 'DONE') return { ok: false, message: `APIConnect ${connect}`, raw: data };
    if (str(data.status).toLowerCase() === 'success' && str(data.refund_ref_id)) {
      return { ok: true, reference: str(data.refund_ref_id), raw: data };
    }
    return { ok: false, message: this.hide(str(data.errorReason) || str(data.status) || 'refund refused'), raw: data };
  }

  private credentials() {
    return { store_id: this.opts.storeId, store_passwd: this.opts.storePassword };
  }

  private call(path: string, label: string, method: 'GET' | 'POST', params: URLSearchParams) {
    return callGateway({
      url: method === 'GET' ? `${this.baseUrl}${path}?${params}` : this.baseUrl + path,
      method,
      headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' } : { accept: 'application/json' },
      body: method === 'POST' ? params.toString() : undefined,
      timeoutMs: this.timeoutMs,
      label,
      secrets: [this.opts.storePassword, encodeURIComponent(this.opts.storePassword)],
      fetch: this.opts.fetch,
    });
  }

  /** APIConnect other than DONE: SSLCommerz did not answer the question (credentials, inactive store, bad request). */
  private checkConnect(data: Record<string, unknown>, label: string) {
    const connect = str(data.APIConnect);
    if (connect && connect !== 'DONE') throw new GatewayError(`${label} refused: APIConnect ${connect}`, 'refused', data);
  }

  private hide(text: string) {
    return redact(text, [this.opts.storePassword]);
  }
}

/** What one SSLCommerz transaction record (validation answer or query element) says. */
function verdictOf(data: Record<string, unknown>): GatewayVerdict {
  const status = str(data.status).toUpperCase();
  if (PAID.has(status)) {
    const amount = Number(str(data.amount));
    const bankTranId = str(data.bank_tran_id);
    if (!Number.isFinite(amount) || amount <= 0 || !bankTranId) return { state: 'open', raw: data };
    return {
      state: 'paid',
      amount,
      currency: str(data.currency),
      reference: bankTranId,
      invoice: str(data.tran_id),
      review: str(data.risk_level) === '1',
      raw: data,
    };
  }
  if (NOT_PAID.has(status)) return { state: 'failed', reason: `SSLCommerz: ${status}`, raw: data };
  // PENDING, or anything else SSLCommerz may add: not money yet.
  return { state: 'open', raw: data };
}

function clip(s: string, max: number) {
  return s.length > max ? s.slice(0, max) : s;
}
