/**
 * bKash Tokenized Checkout (v1.2.0-beta), as the shop uses it: one payment per attempt, the
 * customer sent to bKash's page, the payment executed when they come back, asked about again
 * when the answer is in doubt, refunded by the admin.
 *
 * Tokens: bKash blocks merchants that ask for a token per payment, so one id_token is granted
 * and shared by every call until a minute before it expires, then renewed with the refresh
 * token (granted anew only if the refresh fails); callers arriving while a token is being
 * fetched wait for that one request. A call bKash refuses with 401 (the token died early) is
 * sent once more with a renewed token: a 401 means bKash did not act on it.
 *
 * Money calls (create, execute, refund) are never repeated blindly. When execute fails or times
 * out, the payment's status is queried before anything is decided; only a status of Completed
 * is money taken. Reads (token grant, status query) are repeated once after a network error.
 *
 * Neither the app secret, the password nor any token is ever put in an error or its raw text.
 */
import { GatewayError, type GatewayVerdict, type PaymentGateway, type RefundInput, type RefundResult, type StartInput, type StartResult } from '../../gateway';
import { callGateway, redact, retryOnce, str, taka, type GatewayAnswer } from '../../http';

export const BKASH_SANDBOX_URL = 'https://tokenized.sandbox.bka.sh/v1.2.0-beta/tokenized/checkout';

export interface BkashOptions {
  /** Up to and including `/tokenized/checkout`, e.g. BKASH_SANDBOX_URL. */
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  /** Per call; bKash asks merchants for 30 s. */
  timeoutMs?: number;
  /** The clock tokens expire by (ms since the epoch). */
  now?: () => number;
  fetch?: typeof fetch;
}

/** A token is renewed this long before bKash says it expires. */
const TOKEN_MARGIN_MS = 60_000;

interface Token {
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}

export class BkashGateway implements PaymentGateway {
  readonly id = 'bkash_online' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private token: Token | null = null;
  private pending: Promise<Token> | null = null;

  constructor(private readonly opts: BkashOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.now = opts.now ?? Date.now;
  }

  async start(input: StartInput): Promise<StartResult> {
    const data = await this.api('/create', 'bKash create', {
      mode: '0011',
      payerReference: input.customer.phone || input.invoice,
      callbackURL: input.urls.callback,
      amount: taka(input.amount),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: input.invoice,
    });
    const error = bkashError(data);
    if (error) throw new GatewayError(`bKash create refused: ${this.hide(error)}`, 'refused', data);
    const paymentID = str(data.paymentID);
    const bkashURL = str(data.bkashURL);
    if (!paymentID || !bkashURL) throw new GatewayError('bKash create: the answer has no paymentID or bkashURL', 'http', data);
    return { paymentUrl: bkashURL, gatewayRef: paymentID, raw: data };
  }

  /** Executes the payment once; if that fails or times out, its status decides. */
  async confirm(paymentID: string): Promise<GatewayVerdict> {
    let executed: Record<string, unknown> | undefined;
    try {
      executed = await this.api('/execute', 'bKash execute', { paymentID });
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      // No answer, or not one we can read: whether the money was taken is for the query to say.
    }
    if (executed && !bkashError(executed) && str(executed.paymentID) === paymentID) {
      const verdict = verdictOf(executed);
      if (verdict.state === 'paid') return verdict;
    }
    // Execute refused (a forged or repeated callback, a payment the customer did not finish),
    // failed or answered something other than Completed: ask what the payment's state is.
    return this.query(paymentID);
  }

  lookup(attempt: { gatewayRef: string; invoice: string }): Promise<GatewayVerdict> {
    return this.query(attempt.gatewayRef);
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const data = await this.api('/payment/refund', 'bKash refund', {
      paymentID: input.gatewayRef,
      amount: taka(input.amount),
      trxID: input.reference,
      sku: input.refundId.slice(0, 255),
      reason: (input.reason || 'Refund').slice(0, 255),
    });
    const error = bkashError(data);
    if (error) return { ok: false, message: this.hide(error), raw: data };
    const refundTrxID = str(data.refundTrxID);
    if (str(data.transactionStatus) !== 'Completed' || !refundTrxID) {
      return { ok: false, message: `refund ${str(data.transactionStatus) || 'not completed'}`, raw: data };
    }
    return { ok: true, reference: refundTrxID, raw: data };
  }

  /** The payment's status; one more try after a network error. */
  private async query(paymentID: string): Promise<GatewayVerdict> {
    const data = await retryOnce(() => this.api('/payment/status', 'bKash query', { paymentID }));
    const error = bkashError(data);
    if (error) throw new GatewayError(`bKash query refused: ${this.hide(error)}`, 'refused', data);
    if (str(data.paymentID) && str(data.paymentID) !== paymentID) {
      throw new GatewayError('bKash query: the answer is about another payment', 'http', data);
    }
    return verdictOf(data);
  }

  /** A call with the shared token; sent once more with a renewed token if bKash answers 401. */
  private async api(path: string, label: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const idToken = await this.idToken();
    let answer = await this.send(path, label, body, idToken);
    if (answer.status === 401) {
      this.expireToken(idToken);
      answer = await this.send(path, label, body, await this.idToken());
    }
    if (answer.status >= 400 && !bkashError(answer.data)) {
      throw new GatewayError(`${label}: HTTP ${answer.status}`, 'http', answer.data);
    }
    return answer.data;
  }

  private send(path: string, label: string, body: Record<string, unknown>, idToken: string): Promise<GatewayAnswer> {
    return callGateway({
      url: this.baseUrl + path,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: idToken, 'x-app-key': this.opts.appKey },
      body: JSON.stringify(body),
      timeoutMs: this.timeoutMs,
      label,
      secrets: this.secrets(),
      fetch: this.opts.fetch,
    });
  }

  /** The shared id_token: the one held while it lives, else one renewal shared by every caller. */
  private async idToken(): Promise<string> {
    const held = this.token;
    if (held && this.now() < held.expiresAt - TOKEN_MARGIN_MS) return held.idToken;
    if (!this.pending) {
      this.pending = this.renew(held).finally(() => {
        this.pending = null;
      });
    }
    return (await this.pending).idToken;
  }

  /** The token bKash refused is renewed on next use (unless another caller renewed it already). */
  private expireToken(refused: string) {
    if (this.token?.idToken === refused) this.token = { ...this.token, expiresAt: 0 };
  }

  private async renew(held: Token | null): Promise<Token> {
    if (held?.refreshToken) {
      try {
        this.token = await this.tokenCall('/token/refresh', 'bKash token refresh', { refresh_token: held.refreshToken });
        return this.token;
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        // A refresh token that no longer works: grant a new pair.
      }
    }
    this.token = await retryOnce(() => this.tokenCall('/token/grant', 'bKash token grant', {}));
    return this.token;
  }

  private async tokenCall(path: string, label: string, extra: Record<string, string>): Promise<Token> {
    const { status, data } = await callGateway({
      url: this.baseUrl + path,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', username: this.opts.username, password: this.opts.password },
      body: JSON.stringify({ app_key: this.opts.appKey, app_secret: this.opts.appSecret, ...extra }),
      timeoutMs: this.timeoutMs,
      label,
      secrets: this.secrets(),
      fetch: this.opts.fetch,
    });
    const error = bkashError(data);
    const idToken = str(data.id_token);
    if (error || status >= 400 || !idToken) {
      // Only the error fields go into the error: a half-good answer may hold a token.
      const shown = { statusCode: data.statusCode, statusMessage: data.statusMessage, errorCode: data.errorCode, errorMessage: data.errorMessage, message: data.message };
      throw new GatewayError(`${label} refused: ${this.hide(error ?? `HTTP ${status}, no id_token`)}`, 'refused', JSON.parse(this.hide(JSON.stringify(shown))));
    }
    const seconds = Number(data.expires_in);
    return {
      idToken,
      // A refresh answers a new pair; if it leaves the refresh token out, the old one still serves.
      refreshToken: str(data.refresh_token) || extra.refresh_token || '',
      expiresAt: this.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000,
    };
  }

  private secrets(): string[] {
    return [this.opts.appSecret, this.opts.password, this.token?.idToken ?? '', this.token?.refreshToken ?? ''];
  }

  private hide(text: string): string {
    return redact(text, this.secrets());
  }
}

/** bKash's error, if the answer is one: a statusCode other than 0000, or an errorCode. */
function bkashError(data: Record<string, unknown>): string | null {
  const statusCode = str(data.statusCode);
  if (statusCode && statusCode !== '0000') return `${statusCode} ${str(data.statusMessage)}`.trim();
  const errorCode = str(data.errorCode);
  if (errorCode) return `${errorCode} ${str(data.errorMessage)}`.trim();
  return null;
}

/** What a payment record (execute's or the status query's answer) says about the money. */
function verdictOf(data: Record<string, unknown>): GatewayVerdict {
  const status = str(data.transactionStatus);
  if (status === 'Completed') {
    const amount = Number(str(data.amount));
    const trxID = str(data.trxID);
    if (!Number.isFinite(amount) || amount <= 0 || !trxID) {
      // bKash says Completed but the record is unreadable: undecided, never paid on a guess.
      return { state: 'open', raw: data };
    }
    return {
      state: 'paid',
      amount,
      currency: str(data.currency) || 'BDT',
      reference: trxID,
      invoice: str(data.merchantInvoiceNumber) || str(data.merchantInvoice),
      review: false,
      raw: data,
    };
  }
  if (status === 'Cancelled' || status === 'Failed' || status === 'Expired' || status === 'Declined') {
    return { state: 'failed', reason: `bKash: ${status}`, raw: data };
  }
  // Initiated (the customer has not finished), or anything else bKash may add: not money yet.
  return { state: 'open', raw: data };
}
