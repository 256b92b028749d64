/**
 * The fake bKash's API under FAKE_BKASH_PREFIX: token/grant and token/refresh (credentials
 * checked as bKash checks them), then, with a live id_token and the app key, create, execute,
 * payment/status and payment/refund, each answering as bKash does and failing as the knobs say.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { bkashTime, complete, FAKE_BKASH_PREFIX, report, type FakeBkashFailure, type FakeBkashPayment, type FakeBkashState } from './fake-model';
import { json, readJson, send } from '../../../test/fakes/loopback-server';

type Body = Record<string, unknown>;

export async function handleBkashApi(state: FakeBkashState, req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
  const { fake, credentials, idTokens } = state;
  if (req.method !== 'POST' || !url.pathname.startsWith(FAKE_BKASH_PREFIX + '/')) return json(res, 404, { message: 'Not Found' });
  const path = url.pathname.slice(FAKE_BKASH_PREFIX.length);
  const body = await readJson(req);
  if (body === undefined) return json(res, 400, { errorCode: '9999', errorMessage: 'Malformed JSON' });
  fake.requests.push({ path, headers: req.headers, body });

  if (path === '/token/grant' || path === '/token/refresh') return token(state, req, res, path, body);

  // Every other call needs a live id_token and the app key.
  const auth = req.headers.authorization;
  if (!auth || !idTokens.has(auth)) return json(res, 401, { message: 'Unauthorized' });
  if (req.headers['x-app-key'] !== credentials.appKey) return json(res, 200, { statusCode: '2001', statusMessage: 'Invalid App Key' });

  if (path === '/create') return create(state, res, body);
  if (path === '/execute') return execute(state, res, body);
  if (path === '/payment/status') return status(state, res, body);
  if (path === '/payment/refund') return refund(state, res, body);
  return json(res, 404, { message: 'Not Found' });
}

function token(state: FakeBkashState, req: http.IncomingMessage, res: http.ServerResponse, path: string, body: Body) {
  const { fake, credentials, refreshTokens } = state;
  if (req.headers.username !== credentials.username || req.headers.password !== credentials.password) {
    return json(res, 200, { statusCode: '2079', statusMessage: 'Invalid username and password' });
  }
  if (body.app_key !== credentials.appKey || body.app_secret !== credentials.appSecret) {
    return json(res, 200, { statusCode: '2001', statusMessage: 'Invalid App Key' });
  }
  if (path === '/token/grant') {
    if (fake.grantFails) return fail(res, fake.grantFails);
    fake.grants++;
    return json(res, 200, issueTokens(state));
  }
  if (fake.refreshFails) return fail(res, fake.refreshFails);
  if (typeof body.refresh_token !== 'string' || !refreshTokens.has(body.refresh_token)) {
    return json(res, 200, { statusCode: '2079', statusMessage: 'Invalid refresh token' });
  }
  refreshTokens.delete(body.refresh_token);
  fake.refreshes++;
  return json(res, 200, issueTokens(state));
}

function issueTokens({ fake, idTokens, refreshTokens }: FakeBkashState) {
  const id_token = `fake-id-token-${crypto.randomBytes(12).toString('hex')}`;
  const refresh_token = `fake-refresh-token-${crypto.randomBytes(12).toString('hex')}`;
  idTokens.add(id_token);
  refreshTokens.add(refresh_token);
  return { statusCode: '0000', statusMessage: 'Successful', id_token, token_type: 'Bearer', expires_in: fake.expiresIn, refresh_token };
}

function create({ fake }: FakeBkashState, res: http.ServerResponse, body: Body) {
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

function execute({ fake, later }: FakeBkashState, res: http.ServerResponse, body: Body) {
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
    answer = { statusCode: '0000', statusMessage: 'Successful', ...report(fake, p) };
  }
  if (fake.executeTimesOut > 0) {
    later(fake.executeTimesOut, () => {
      if (!res.destroyed) json(res, 200, answer);
    });
    return;
  }
  return json(res, 200, answer);
}

function status({ fake }: FakeBkashState, res: http.ServerResponse, body: Body) {
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
  const r = report(fake, p);
  if (fake.queryStatus) r.transactionStatus = fake.queryStatus;
  return json(res, 200, { statusCode: '0000', statusMessage: 'Successful', ...r });
}

function refund({ fake }: FakeBkashState, res: http.ServerResponse, body: Body) {
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

/** Answers a failure: an HTML error page for HTTP ≥ 500, else bKash's JSON error. */
function fail(res: http.ServerResponse, f: FakeBkashFailure) {
  if (f.httpStatus && f.httpStatus >= 500) return send(res, f.httpStatus, '<html><body>Internal Server Error</body></html>', 'text/html');
  return json(res, f.httpStatus ?? 200, { statusCode: f.statusCode ?? '2117', statusMessage: f.statusMessage ?? 'Payment execution already been called before' });
}
