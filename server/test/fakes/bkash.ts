/**
 * A loopback fake of bKash's Tokenized Checkout API (v1.2.0-beta) for tests and browser
 * journeys: the documented endpoints under `{url}` (token/grant, token/refresh, create, execute,
 * payment/status, payment/refund), credentials and tokens checked as bKash checks them, and a
 * "gateway page" at `bkashURL` standing in for the page where the customer pays.
 *
 * The payment's life, as on bKash: `create` opens it (Initiated); the customer authorises it on
 * the gateway page (here: `GET /pay/:id/success`, or `completePayment(id)` from a test), and bKash
 * sends the browser to `callbackURL?paymentID=…&status=success`; only the merchant's `execute`
 * then takes the money (Completed, with a trxID). Executing a payment the customer never
 * authorised answers an error and takes nothing, which is what a forged callback meets.
 *
 * Knobs are plain mutable fields on the returned object; set them between calls.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  /** The environment that points createGateways (or a server process) at this fake. */
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

export async function startFakeBkash(opts: FakeBkashOptions = {}): Promise<FakeBkash> {
  const credentials = { ...FAKE_BKASH_CREDENTIALS, ...opts.credentials };
  const idTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeBkash = {
    url: origin + FAKE_BKASH_PREFIX,
    origin,
    credentials,
    env: {
      BKASH_BASE_URL: origin + FAKE_BKASH_PREFIX,
      BKASH_APP_KEY: credentials.appKey,
      BKASH_APP_SECRET: credentials.appSecret,
      BKASH_USERNAME: credentials.username,
      BKASH_PASSWORD: credentials.password,
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    grants: 0,
    refreshes: 0,
    executes: new Map(),
    queries: new Map(),
    refundCalls: 0,
    payments: new Map(),
    requests: [],
    expiresIn: opts.expiresIn ?? 3600,
    grantFails: null,
    refreshFails: null,
    createFails: null,
    executeFails: null,
    executeTimesOut: 0,
    queryFails: null,
    queryFailsOnce: null,
    queryStatus: null,
    amountOverride: null,
    refundFails: false,
    completePayment(id) {
      const p = payment(id);
      if (p.transactionStatus === 'Initiated') p.authorised = true;
    },
    markCompleted(id) {
      const p = payment(id);
      complete(p);
      return p.trxID!;
    },
    failPayment(id) {
      payment(id).transactionStatus = 'Failed';
    },
    cancelPayment(id) {
      payment(id).transactionStatus = 'Cancelled';
    },
    expirePayment(id) {
      payment(id).transactionStatus = 'Expired';
    },
    revokeTokens() {
      idTokens.clear();
    },
    pageUrl(id) {
      return `${origin}/pay/${encodeURIComponent(id)}`;
    },
  };

  function payment(id: string): FakeBkashPayment {
    const p = fake.payments.get(id);
    if (!p) throw new Error(`fake bKash: no payment ${id}`);
    return p;
  }

  function complete(p: FakeBkashPayment) {
    if (p.transactionStatus === 'Completed') return;
    p.transactionStatus = 'Completed';
    p.authorised = true;
    p.trxID = crypto.randomBytes(5).toString('hex').toUpperCase();
    p.paymentExecuteTime = bkashTime();
  }

  function issueTokens() {
    const id_token = `fake-id-token-${crypto.randomBytes(12).toString('hex')}`;
    const refresh_token = `fake-refresh-token-${crypto.randomBytes(12).toString('hex')}`;
    idTokens.add(id_token);
    refreshTokens.add(refresh_token);
    return { statusCode: '0000', statusMessage: 'Successful', id_token, token_type: 'Bearer', expires_in: fake.expiresIn, refresh_token };
  }

  function report(p: FakeBkashPayment) {
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

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', origin);

    // The gateway page the browser is sent to.
    const page = /^\/pay\/([^/]+)(?:\/(success|cancel|failure))?$/.exec(url.pathname);
    if (req.method === 'GET' && page) {
      const id = decodeURIComponent(page[1]!);
      const p = fake.payments.get(id);
      if (!p) return send(res, 404, '<p>No such payment.</p>', 'text/html; charset=utf-8');
      const outcome = page[2];
      if (!outcome) {
        const link = (o: string, label: string) => `<p><a id="${o}" href="/pay/${encodeURIComponent(id)}/${o}">${label}</a></p>`;
        const html = `<!doctype html><html><head><meta charset="utf-8"><title>bKash (fake)</title></head><body><h1>bKash payment (fake)</h1><p>Amount ৳${escapeHtml(p.amount)} · invoice ${escapeHtml(p.merchantInvoiceNumber)}</p>${link('success', 'Pay')}${link('cancel', 'Cancel')}${link('failure', 'Fail')}</body></html>`;
        return send(res, 200, html, 'text/html; charset=utf-8');
      }
      if (p.transactionStatus === 'Initiated') {
        if (outcome === 'success') p.authorised = true;
        else if (outcome === 'cancel') p.transactionStatus = 'Cancelled';
        else p.transactionStatus = 'Failed';
      }
      const back = new URL(p.callbackURL);
      back.searchParams.set('paymentID', p.paymentID);
      back.searchParams.set('status', outcome);
      back.searchParams.set('signature', crypto.randomBytes(8).toString('hex'));
      back.searchParams.set('apiVersion', '1.2.0-beta');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }

    if (req.method !== 'POST' || !url.pathname.startsWith(FAKE_BKASH_PREFIX + '/')) return json(res, 404, { message: 'Not Found' });
    const path = url.pathname.slice(FAKE_BKASH_PREFIX.length);
    const raw = await readBody(req);
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return json(res, 400, { errorCode: '9999', errorMessage: 'Malformed JSON' });
    }
    fake.requests.push({ path, headers: req.headers, body });

    if (path === '/token/grant' || path === '/token/refresh') {
      if (req.headers.username !== credentials.username || req.headers.password !== credentials.password) {
        return json(res, 200, { statusCode: '2079', statusMessage: 'Invalid username and password' });
      }
      if (body.app_key !== credentials.appKey || body.app_secret !== credentials.appSecret) {
        return json(res, 200, { statusCode: '2001', statusMessage: 'Invalid App Key' });
      }
      if (path === '/token/grant') {
        if (fake.grantFails) return fail(res, fake.grantFails);
        fake.grants++;
        return json(res, 200, issueTokens());
      }
      if (fake.refreshFails) return fail(res, fake.refreshFails);
      if (typeof body.refresh_token !== 'string' || !refreshTokens.has(body.refresh_token)) {
        return json(res, 200, { statusCode: '2079', statusMessage: 'Invalid refresh token' });
      }
      refreshTokens.delete(body.refresh_token);
      fake.refreshes++;
      return json(res, 200, issueTokens());
    }

    // Every other call needs a live id_token and the app key.
    const auth = req.headers.authorization;
    if (!auth || !idTokens.has(auth)) return json(res, 401, { message: 'Unauthorized' });
    if (req.headers['x-app-key'] !== credentials.appKey) return json(res, 200, { statusCode: '2001', statusMessage: 'Invalid App Key' });

    if (path === '/create') {
      if (fake.createFails) return fail(res, fake.createFails);
      if (body.mode !== '0011') return json(res, 200, { statusCode: '2054', statusMessage: 'Invalid mode' });
      if (typeof body.payerReference !== 'string' || !body.payerReference) return json(res, 200, { statusCode: '2003', statusMessage: 'Missing payerReference' });
      if (typeof body.amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(body.amount) || Number(body.amount) <= 0) {
        return json(res, 200, { statusCode: '2006', statusMessage: 'Invalid Amount' });
      }
      if (body.currency !== 'BDT') return json(res, 200, { statusCode: '2007', statusMessage: 'Invalid Currency' });
      if (body.intent !== 'sale') return json(res, 200, { statusCode: '2008', statusMessage: 'Invalid Intent' });
      if (typeof body.merchantInvoiceNumber !== 'string' || !body.merchantInvoiceNumber) {
        return json(res, 200, { statusCode: '2013', statusMessage: 'Invalid Merchant Invoice Number' });
      }
      if (typeof body.callbackURL !== 'string' || !URL.canParse(body.callbackURL)) {
        return json(res, 200, { statusCode: '2003', statusMessage: 'Invalid callbackURL' });
      }
      const paymentID = `TR0011${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
      const p: FakeBkashPayment = {
        paymentID,
        amount: body.amount,
        currency: body.currency,
        intent: body.intent,
        mode: body.mode,
        payerReference: body.payerReference,
        callbackURL: body.callbackURL,
        merchantInvoiceNumber: body.merchantInvoiceNumber,
        transactionStatus: 'Initiated',
        authorised: false,
        customerMsisdn: '01770618575',
        paymentCreateTime: bkashTime(),
        refunds: [],
      };
      fake.payments.set(paymentID, p);
      const cb = (status: string) => `${p.callbackURL}${p.callbackURL.includes('?') ? '&' : '?'}paymentID=${paymentID}&status=${status}`;
      return json(res, 200, {
        statusCode: '0000',
        statusMessage: 'Successful',
        paymentID,
        bkashURL: fake.pageUrl(paymentID),
        callbackURL: p.callbackURL,
        successCallbackURL: cb('success'),
        failureCallbackURL: cb('failure'),
        cancelledCallbackURL: cb('cancel'),
        amount: p.amount,
        intent: p.intent,
        currency: p.currency,
        paymentCreateTime: p.paymentCreateTime,
        transactionStatus: 'Initiated',
        merchantInvoiceNumber: p.merchantInvoiceNumber,
      });
    }

    if (path === '/execute') {
      const id = String(body.paymentID ?? '');
      fake.executes.set(id, (fake.executes.get(id) ?? 0) + 1);
      const p = fake.payments.get(id);
      if (!p) return json(res, 200, { statusCode: '2002', statusMessage: 'Invalid Payment ID' });
      const failure = fake.executeFails;
      if (failure) {
        if (failure.afterCompleting && p.authorised && p.transactionStatus === 'Initiated') complete(p);
        return fail(res, failure);
      }
      let answer: Record<string, unknown>;
      if (p.transactionStatus === 'Completed') answer = { statusCode: '2062', statusMessage: 'The payment has already been completed' };
      else if (p.transactionStatus !== 'Initiated' || !p.authorised) answer = { statusCode: '2056', statusMessage: 'Invalid Payment State' };
      else {
        complete(p);
        answer = { statusCode: '0000', statusMessage: 'Successful', ...report(p) };
      }
      if (fake.executeTimesOut > 0) {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed) json(res, 200, answer);
        }, fake.executeTimesOut);
        timers.add(t);
        return;
      }
      return json(res, 200, answer);
    }

    if (path === '/payment/status') {
      const id = String(body.paymentID ?? '');
      fake.queries.set(id, (fake.queries.get(id) ?? 0) + 1);
      if (fake.queryFailsOnce) {
        const f = fake.queryFailsOnce;
        fake.queryFailsOnce = null;
        return fail(res, f);
      }
      if (fake.queryFails) return fail(res, fake.queryFails);
      const p = fake.payments.get(id);
      if (!p) return json(res, 200, { statusCode: '2002', statusMessage: 'Invalid Payment ID' });
      const r = report(p);
      if (fake.queryStatus) r.transactionStatus = fake.queryStatus;
      return json(res, 200, { statusCode: '0000', statusMessage: 'Successful', ...r });
    }

    if (path === '/payment/refund') {
      fake.refundCalls++;
      if (fake.refundFails) {
        return fail(res, fake.refundFails === true ? { statusCode: '2071', statusMessage: 'Refund not allowed' } : fake.refundFails);
      }
      const p = fake.payments.get(String(body.paymentID ?? ''));
      if (!p || p.transactionStatus !== 'Completed' || p.trxID !== body.trxID) {
        return json(res, 200, { statusCode: '2072', statusMessage: 'Invalid transaction for refund' });
      }
      const amount = typeof body.amount === 'string' ? body.amount : '';
      const refunded = p.refunds.reduce((s, r) => s + Number(r.amount), 0);
      if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0 || refunded + Number(amount) > Number(p.amount) + 1e-9) {
        return json(res, 200, { statusCode: '2073', statusMessage: 'Invalid refund amount' });
      }
      if (typeof body.sku !== 'string' || typeof body.reason !== 'string') return json(res, 200, { statusCode: '2003', statusMessage: 'Missing sku or reason' });
      const refundTrxID = crypto.randomBytes(5).toString('hex').toUpperCase();
      p.refunds.push({ refundTrxID, amount, sku: body.sku, reason: body.reason });
      return json(res, 200, {
        statusCode: '0000',
        statusMessage: 'Successful',
        completedTime: bkashTime(),
        transactionStatus: 'Completed',
        originalTrxID: p.trxID,
        refundTrxID,
        amount,
        currency: 'BDT',
        charge: '0.00',
      });
    }

    return json(res, 404, { message: 'Not Found' });
  }

  return fake;
}

function fail(res: http.ServerResponse, f: FakeBkashFailure) {
  if (f.httpStatus && f.httpStatus >= 500) return send(res, f.httpStatus, '<html><body>Internal Server Error</body></html>', 'text/html');
  return json(res, f.httpStatus ?? 200, { statusCode: f.statusCode ?? '2117', statusMessage: f.statusMessage ?? 'Payment execution already been called before' });
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  send(res, status, JSON.stringify(body), 'application/json');
}

function send(res: http.ServerResponse, status: number, body: string, type: string) {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** bKash's time format, e.g. "2024-05-01T10:20:30:123 GMT+0600". */
function bkashTime() {
  const d = new Date(Date.now() + 6 * 3600_000);
  return d.toISOString().replace(/\.(\d{3})Z$/, ':$1 GMT+0600');
}
