/**
 * The fake SSLCommerz's API: session init (`/gwprocess/v4/api.php`), order validation
 * (`/validator/api/validationserverAPI.php`), and the refund, the refund query and the
 * transaction query by tran_id (`/validator/api/merchantTransIDvalidationAPI.php`), with the
 * store credentials checked on every call and failures and delays as the knobs say.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { json, readForm, send } from '../../../test/fakes/loopback-server';
import { report, sslTime, type FakeSslcommerzState } from './fake-model';

type Params = Record<string, string>;

const INIT = '/gwprocess/v4/api.php';
const VALIDATION = '/validator/api/validationserverAPI.php';
const MERCHANT_TRANS_ID = '/validator/api/merchantTransIDvalidationAPI.php';

export async function handleSslcommerzApi(state: FakeSslcommerzState, req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
  const { fake, credentials, later } = state;
  let params: Params;
  if (req.method === 'POST') {
    params = await readForm(req);
  } else if (req.method === 'GET') {
    params = Object.fromEntries(url.searchParams);
  } else return json(res, 405, { status: 'FAILED', failedreason: 'Method not allowed' });
  fake.requests.push({ path: url.pathname, params: { ...params, ...(params.store_passwd ? { store_passwd: '***' } : {}) } });
  const authentic = params.store_id === credentials.storeId && params.store_passwd === credentials.storePassword;

  if (url.pathname === INIT && req.method === 'POST') return init(state, res, params, authentic);

  if (url.pathname !== VALIDATION && url.pathname !== MERCHANT_TRANS_ID) {
    return json(res, 404, { status: 'FAILED', failedreason: 'Not found' });
  }
  if (url.pathname === VALIDATION) fake.validations++;
  if (fake.delayMs > 0) {
    await new Promise<void>((resolve) => later(fake.delayMs, resolve));
    if (res.destroyed) return;
  }
  if (fake.httpFails) return send(res, fake.httpFails, '<html><body>Bad Gateway</body></html>', 'text/html');
  if (url.pathname === VALIDATION) return validate(state, res, params, authentic);

  // merchantTransIDvalidationAPI.php: refund, refund query or transaction query.
  if (!authentic) return json(res, 200, { APIConnect: 'FAILED' });
  if (params.refund_amount !== undefined || params.bank_tran_id !== undefined) return refund(state, res, params);
  if (params.refund_ref_id !== undefined) return refundQuery(state, res, params);
  if (params.tran_id !== undefined) {
    fake.queries++;
    const element = [...fake.sessions.values()]
      .filter((s) => s.tran_id === params.tran_id)
      .map((s) => ({ ...report(fake, s, s.status), sessionkey: s.sessionkey, error: '' }));
    return json(res, 200, { APIConnect: 'DONE', no_of_trans_found: element.length, element });
  }
  return json(res, 200, { APIConnect: 'INVALID_REQUEST' });
}

const INIT_REQUIRED = ['total_amount', 'currency', 'tran_id', 'success_url', 'fail_url', 'cancel_url', 'cus_name', 'cus_email', 'cus_add1', 'cus_city', 'cus_country', 'cus_phone', 'shipping_method', 'product_name', 'product_category', 'product_profile'];

function init({ fake, origin }: FakeSslcommerzState, res: http.ServerResponse, params: Params, authentic: boolean) {
  const failed = (failedreason: string) => json(res, 200, { status: 'FAILED', failedreason, sessionkey: '', GatewayPageURL: '' });
  if (!authentic) return failed('Store Credential Error Or Store is De-active');
  if (fake.initFails) return failed(fake.initFails);
  const missing = INIT_REQUIRED.filter((k) => !params[k]);
  if (missing.length) return failed(`Invalid Information! '${missing[0]}' is missing.`);
  if (params.tran_id!.length > 30) return failed('Invalid Information! tran_id is longer than 30 characters.');
  const amount = Number(params.total_amount);
  if (!Number.isFinite(amount) || amount < 10 || amount > 500000) return failed('Invalid Information! total_amount is out of range.');
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

function validate({ fake }: FakeSslcommerzState, res: http.ServerResponse, params: Params, authentic: boolean) {
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
  return json(res, 200, { APIConnect: 'DONE', validated_on: sslTime(), gw_version: '', ...report(fake, s, status) });
}

function refund({ fake }: FakeSslcommerzState, res: http.ServerResponse, params: Params) {
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

function refundQuery({ fake }: FakeSslcommerzState, res: http.ServerResponse, params: Params) {
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
