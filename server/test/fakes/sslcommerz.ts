/**
 * A loopback fake of SSLCommerz's v4 API for tests and browser journeys: session init
 * (`/gwprocess/v4/api.php`), order validation (`/validator/api/validationserverAPI.php`), the
 * transaction query by tran_id, the refund and the refund query
 * (`/validator/api/merchantTransIDvalidationAPI.php`), store credentials checked on every call,
 * and a "gateway page" at `GatewayPageURL` standing in for the page where the customer pays.
 *
 * The page (`GET /pay/:sessionkey`) shows three links; `/pay/:sessionkey/success` takes the
 * money and answers an auto-submitting form POSTing `val_id, tran_id, status=VALID, amount, …`
 * to the shop's success_url, as SSLCommerz does; `/fail` and `/cancel` post to fail_url and
 * cancel_url. A test can do the same without a browser: `payOnGateway(tran_id)` → val_id.
 *
 * Knobs are plain mutable fields on the returned object; set them between calls.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  /** The environment that points createGateways (or a server process) at this fake. */
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

export async function startFakeSslcommerz(opts: FakeSslcommerzOptions = {}): Promise<FakeSslcommerz> {
  const credentials = { ...FAKE_SSLCOMMERZ_CREDENTIALS, ...opts.credentials };
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

  const fake: FakeSslcommerz = {
    url: origin,
    credentials,
    env: { SSLCOMMERZ_BASE_URL: origin, SSLCOMMERZ_STORE_ID: credentials.storeId, SSLCOMMERZ_STORE_PASSWORD: credentials.storePassword },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    sessions: new Map(),
    validations: 0,
    queries: 0,
    refundCalls: 0,
    requests: [],
    validationStatus: null,
    riskLevel: '0',
    amountOverride: null,
    currencyOverride: null,
    initFails: null,
    httpFails: null,
    delayMs: 0,
    refundFails: false,
    sendIpnOnPay: false,
    payOnGateway(tranId) {
      return pay(fake.session(tranId));
    },
    failOnGateway(tranId) {
      const s = fake.session(tranId);
      if (s.status === 'PENDING') s.status = 'FAILED';
    },
    cancelOnGateway(tranId) {
      const s = fake.session(tranId);
      if (s.status === 'PENDING') s.status = 'CANCELLED';
    },
    session(tranId) {
      const all = [...fake.sessions.values()].filter((s) => s.tran_id === tranId);
      const s = all[all.length - 1];
      if (!s) throw new Error(`fake SSLCommerz: no session for tran_id ${tranId}`);
      return s;
    },
    callbackFields(tranId) {
      return callbackFields(fake.session(tranId));
    },
    async sendIpn(tranId) {
      const s = fake.session(tranId);
      const res = await fetch(s.ipn_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(callbackFields(s)).toString(),
      });
      await res.arrayBuffer();
      return res.status;
    },
  };

  function pay(s: FakeSslcommerzSession): string {
    if (s.status === 'PENDING') {
      s.status = 'VALID';
      s.val_id = `${new Date().toISOString().slice(2, 10).replace(/-/g, '')}${crypto.randomBytes(8).toString('hex')}`;
      s.bank_tran_id = `${new Date().toISOString().slice(2, 10).replace(/-/g, '')}${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
      s.tran_date = sslTime();
    }
    if (!s.val_id) throw new Error(`fake SSLCommerz: ${s.tran_id} is ${s.status}, not payable`);
    return s.val_id;
  }

  function callbackFields(s: FakeSslcommerzSession): Record<string, string> {
    const paid = s.status === 'VALID' || s.status === 'VALIDATED';
    return {
      tran_id: s.tran_id,
      ...(paid ? { val_id: s.val_id!, bank_tran_id: s.bank_tran_id! } : {}),
      amount: s.total_amount,
      store_amount: (Number(s.total_amount) * 0.975).toFixed(2),
      card_type: paid ? 'BKASH-BKash' : '',
      card_no: '',
      currency: s.currency,
      status: paid ? 'VALID' : s.status,
      tran_date: s.tran_date,
      card_issuer: 'BKash Mobile Banking',
      card_brand: 'MOBILEBANKING',
      card_issuer_country: 'Bangladesh',
      card_issuer_country_code: 'BD',
      currency_type: s.currency,
      currency_amount: s.total_amount,
      risk_level: fake.riskLevel,
      risk_title: fake.riskLevel === '1' ? 'High' : 'Safe',
      ...(paid ? {} : { error: s.status === 'CANCELLED' ? 'Cancelled by customer' : 'Transaction declined' }),
      value_a: s.fields.value_a ?? '',
      value_b: s.fields.value_b ?? '',
      value_c: s.fields.value_c ?? '',
      value_d: s.fields.value_d ?? '',
      verify_sign: crypto.randomBytes(16).toString('hex'),
      verify_key: 'amount,bank_tran_id,card_type,currency,status,store_amount,tran_date,tran_id,val_id',
    };
  }

  function report(s: FakeSslcommerzSession, status: string) {
    return {
      status,
      tran_date: s.tran_date,
      tran_id: s.tran_id,
      val_id: s.val_id ?? '',
      amount: fake.amountOverride ?? s.total_amount,
      store_amount: (Number(s.total_amount) * 0.975).toFixed(2),
      currency: fake.currencyOverride ?? s.currency,
      bank_tran_id: s.bank_tran_id ?? '',
      card_type: s.val_id ? 'BKASH-BKash' : '',
      card_no: '',
      card_issuer: 'BKash Mobile Banking',
      card_brand: 'MOBILEBANKING',
      card_issuer_country: 'Bangladesh',
      card_issuer_country_code: 'BD',
      currency_type: s.currency,
      currency_amount: s.total_amount,
      currency_rate: '1.0000',
      base_fair: '0.00',
      value_a: s.fields.value_a ?? '',
      value_b: s.fields.value_b ?? '',
      value_c: s.fields.value_c ?? '',
      value_d: s.fields.value_d ?? '',
      risk_level: fake.riskLevel,
      risk_title: fake.riskLevel === '1' ? 'High' : 'Safe',
    };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', origin);

    // The gateway page the browser is sent to.
    const page = /^\/pay\/([^/]+)(?:\/(success|fail|cancel))?$/.exec(url.pathname);
    if (req.method === 'GET' && page) {
      const s = fake.sessions.get(decodeURIComponent(page[1]!));
      if (!s) return send(res, 404, '<p>No such session.</p>', 'text/html; charset=utf-8');
      const outcome = page[2];
      if (!outcome) {
        const link = (o: string, label: string) => `<p><a id="${o}" href="/pay/${encodeURIComponent(s.sessionkey)}/${o}">${label}</a></p>`;
        const html = `<!doctype html><html><head><meta charset="utf-8"><title>SSLCommerz (fake)</title></head><body><h1>SSLCommerz payment (fake)</h1><p>Amount ৳${escapeHtml(s.total_amount)} · ${escapeHtml(s.tran_id)}</p>${link('success', 'Pay')}${link('cancel', 'Cancel')}${link('fail', 'Fail')}</body></html>`;
        return send(res, 200, html, 'text/html; charset=utf-8');
      }
      let target: string;
      if (outcome === 'success') {
        pay(s);
        target = s.success_url;
        if (fake.sendIpnOnPay) void fake.sendIpn(s.tran_id).catch(() => undefined);
      } else {
        if (s.status === 'PENDING') s.status = outcome === 'fail' ? 'FAILED' : 'CANCELLED';
        target = outcome === 'fail' ? s.fail_url : s.cancel_url;
      }
      const inputs = Object.entries(callbackFields(s))
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      const html = `<!doctype html><html><head><meta charset="utf-8"><title>Redirecting…</title></head><body><form id="back" method="post" action="${escapeHtml(target)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form><script>document.getElementById('back').submit();</script></body></html>`;
      return send(res, 200, html, 'text/html; charset=utf-8');
    }

    let params: Record<string, string>;
    if (req.method === 'POST') {
      params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    } else if (req.method === 'GET') {
      params = Object.fromEntries(url.searchParams);
    } else return json(res, 405, { status: 'FAILED', failedreason: 'Method not allowed' });
    fake.requests.push({ path: url.pathname, params: { ...params, ...(params.store_passwd ? { store_passwd: '***' } : {}) } });
    const authentic = params.store_id === credentials.storeId && params.store_passwd === credentials.storePassword;

    if (url.pathname === '/gwprocess/v4/api.php' && req.method === 'POST') {
      if (!authentic) return json(res, 200, { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active', sessionkey: '', GatewayPageURL: '' });
      if (fake.initFails) return json(res, 200, { status: 'FAILED', failedreason: fake.initFails, sessionkey: '', GatewayPageURL: '' });
      const required = ['total_amount', 'currency', 'tran_id', 'success_url', 'fail_url', 'cancel_url', 'cus_name', 'cus_email', 'cus_add1', 'cus_city', 'cus_country', 'cus_phone', 'shipping_method', 'product_name', 'product_category', 'product_profile'];
      const missing = required.filter((k) => !params[k]);
      if (missing.length) return json(res, 200, { status: 'FAILED', failedreason: `Invalid Information! '${missing[0]}' is missing.`, sessionkey: '', GatewayPageURL: '' });
      if (params.tran_id!.length > 30) return json(res, 200, { status: 'FAILED', failedreason: 'Invalid Information! tran_id is longer than 30 characters.', sessionkey: '', GatewayPageURL: '' });
      const amount = Number(params.total_amount);
      if (!Number.isFinite(amount) || amount < 10 || amount > 500000) {
        return json(res, 200, { status: 'FAILED', failedreason: 'Invalid Information! total_amount is out of range.', sessionkey: '', GatewayPageURL: '' });
      }
      const sessionkey = crypto.randomBytes(16).toString('hex').toUpperCase();
      const { store_passwd: _secret, ...fields } = params;
      fake.sessions.set(sessionkey, {
        sessionkey,
        tran_id: params.tran_id!,
        total_amount: amount.toFixed(2),
        currency: params.currency!,
        success_url: params.success_url!,
        fail_url: params.fail_url!,
        cancel_url: params.cancel_url!,
        ipn_url: params.ipn_url ?? '',
        fields,
        status: 'PENDING',
        tran_date: sslTime(),
        validations: 0,
        refunds: [],
      });
      const gatewayPage = `${origin}/pay/${sessionkey}`;
      return json(res, 200, {
        status: 'SUCCESS',
        failedreason: '',
        sessionkey,
        gw: { visa: 'city_visa,ebl_visa', master: 'city_master', amex: 'city_amex', othercards: '', internetbanking: 'city,bankasia', mobilebanking: 'bkash,nagad' },
        redirectGatewayURL: `${gatewayPage}?gw=`,
        directPaymentURLBank: '',
        directPaymentURLCard: '',
        directPaymentURL: '',
        redirectGatewayURLFailed: '',
        GatewayPageURL: gatewayPage,
        storeBanner: '',
        storeLogo: '',
        desc: [],
        is_direct_pay_enable: '0',
      });
    }

    if (url.pathname !== '/validator/api/validationserverAPI.php' && url.pathname !== '/validator/api/merchantTransIDvalidationAPI.php') {
      return json(res, 404, { status: 'FAILED', failedreason: 'Not found' });
    }
    if (url.pathname === '/validator/api/validationserverAPI.php') fake.validations++;
    if (fake.delayMs > 0) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, fake.delayMs);
        timers.add(t);
      });
      if (res.destroyed) return;
    }

    if (url.pathname === '/validator/api/validationserverAPI.php') {
      if (fake.httpFails) return send(res, fake.httpFails, '<html><body>Bad Gateway</body></html>', 'text/html');
      if (!authentic) return json(res, 200, { APIConnect: 'FAILED', status: 'FAILED' });
      const s = [...fake.sessions.values()].find((x) => x.val_id && x.val_id === params.val_id);
      if (!s) return json(res, 200, { APIConnect: 'DONE', status: 'INVALID_TRANSACTION' });
      s.validations++;
      let status: string = s.status;
      if (s.status === 'VALID' || s.status === 'VALIDATED') {
        // SSLCommerz answers VALID the first time and VALIDATED after.
        status = s.validations > 1 ? 'VALIDATED' : 'VALID';
        s.status = 'VALIDATED';
      }
      if (fake.validationStatus) status = fake.validationStatus;
      if (status === 'INVALID_TRANSACTION') return json(res, 200, { APIConnect: 'DONE', status });
      return json(res, 200, { APIConnect: 'DONE', validated_on: sslTime(), gw_version: '', ...report(s, status) });
    }

    // merchantTransIDvalidationAPI.php: refund, refund query or transaction query.
    if (fake.httpFails) return send(res, fake.httpFails, '<html><body>Bad Gateway</body></html>', 'text/html');
    if (!authentic) return json(res, 200, { APIConnect: 'FAILED' });

    if (params.refund_amount !== undefined || params.bank_tran_id !== undefined) {
      fake.refundCalls++;
      const s = [...fake.sessions.values()].find((x) => x.bank_tran_id && x.bank_tran_id === params.bank_tran_id);
      const failed = (errorReason: string) => json(res, 200, { APIConnect: 'DONE', bank_tran_id: params.bank_tran_id ?? '', trans_id: s?.tran_id ?? '', refund_ref_id: '', status: 'failed', errorReason });
      if (fake.refundFails) return failed(typeof fake.refundFails === 'string' ? fake.refundFails : 'Refund request could not be processed');
      if (!s || (s.status !== 'VALID' && s.status !== 'VALIDATED')) return failed('Invalid bank transaction ID');
      const amount = Number(params.refund_amount);
      const refunded = s.refunds.reduce((n, r) => n + Number(r.amount), 0);
      if (!Number.isFinite(amount) || amount <= 0 || refunded + amount > Number(s.total_amount) + 1e-9) return failed('Invalid refund amount');
      if (!params.refund_remarks) return failed('refund_remarks is required');
      const refund_ref_id = `${crypto.randomBytes(8).toString('hex')}`;
      s.refunds.push({ refund_ref_id, amount: amount.toFixed(2), remarks: params.refund_remarks, refe_id: params.refe_id ?? '', refund_trans_id: params.refund_trans_id ?? '' });
      return json(res, 200, { APIConnect: 'DONE', bank_tran_id: s.bank_tran_id, trans_id: s.tran_id, refund_ref_id, status: 'success', errorReason: '' });
    }

    if (params.refund_ref_id !== undefined) {
      const found = [...fake.sessions.values()].flatMap((s) => s.refunds.map((r) => ({ s, r }))).find(({ r }) => r.refund_ref_id === params.refund_ref_id);
      if (!found) return json(res, 200, { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid refund_ref_id' });
      return json(res, 200, {
        APIConnect: 'DONE',
        bank_tran_id: found.s.bank_tran_id,
        tran_id: found.s.tran_id,
        refund_ref_id: found.r.refund_ref_id,
        initiated_on: found.s.tran_date,
        refunded_on: found.s.tran_date,
        status: 'refunded',
        errorReason: '',
      });
    }

    if (params.tran_id !== undefined) {
      fake.queries++;
      const element = [...fake.sessions.values()]
        .filter((s) => s.tran_id === params.tran_id)
        .map((s) => ({ ...report(s, s.status), sessionkey: s.sessionkey, error: '' }));
      return json(res, 200, { APIConnect: 'DONE', no_of_trans_found: element.length, element });
    }

    return json(res, 200, { APIConnect: 'INVALID_REQUEST' });
  }

  return fake;
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

/** SSLCommerz's time format, e.g. "2024-05-01 10:20:30". */
function sslTime() {
  return new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
