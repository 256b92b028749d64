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
import { startLoopbackServer } from '../../../test/fakes/loopback-server';
import { handleSslcommerzApi } from './fake-api';
import { callbackFields, FAKE_SSLCOMMERZ_CREDENTIALS, pay, type FakeSslcommerz, type FakeSslcommerzOptions, type FakeSslcommerzState } from './fake-model';
import { serveSslcommerzPage } from './fake-page';

export type { FakeSslcommerz, FakeSslcommerzOptions } from './fake-model';

export async function startFakeSslcommerz(opts: FakeSslcommerzOptions = {}): Promise<FakeSslcommerz> {
  const credentials = { ...FAKE_SSLCOMMERZ_CREDENTIALS, ...opts.credentials };

  const server = await startLoopbackServer(async (req, res, url) => {
    if (serveSslcommerzPage(fake, req, res, url)) return;
    await handleSslcommerzApi(state, req, res, url);
  });
  const origin = server.origin;

  const fake: FakeSslcommerz = {
    url: origin,
    credentials,
    env: { SSLCOMMERZ_BASE_URL: origin, SSLCOMMERZ_STORE_ID: credentials.storeId, SSLCOMMERZ_STORE_PASSWORD: credentials.storePassword },
    close: () => server.close(),
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
      return callbackFields(fake, fake.session(tranId));
    },
    async sendIpn(tranId) {
      const s = fake.session(tranId);
      const res = await fetch(s.ipn_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(callbackFields(fake, s)).toString(),
      });
      await res.arrayBuffer();
      return res.status;
    },
  };
  const state: FakeSslcommerzState = { fake, credentials, origin, later: server.later };

  return fake;
}
