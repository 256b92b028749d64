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
import { complete, FAKE_BKASH_CREDENTIALS, FAKE_BKASH_PREFIX, type FakeBkash, type FakeBkashOptions, type FakeBkashPayment, type FakeBkashState } from './fake-model';
import { handleBkashApi } from './fake-api';
import { serveBkashPage } from './fake-page';
import { startLoopbackServer } from '../../../test/fakes/loopback-server';

export type { FakeBkash, FakeBkashOptions } from './fake-model';

export async function startFakeBkash(opts: FakeBkashOptions = {}): Promise<FakeBkash> {
  const credentials = { ...FAKE_BKASH_CREDENTIALS, ...opts.credentials };
  const idTokens = new Set<string>();
  const refreshTokens = new Set<string>();

  const server = await startLoopbackServer(async (req, res, url) => {
    if (serveBkashPage(fake, req, res, url)) return;
    await handleBkashApi(state, req, res, url);
  });
  const origin = server.origin;

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
    close: () => server.close(),
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
  const state: FakeBkashState = { fake, credentials, idTokens, refreshTokens, later: server.later };

  function payment(id: string): FakeBkashPayment {
    const p = fake.payments.get(id);
    if (!p) throw new Error(`fake bKash: no payment ${id}`);
    return p;
  }

  return fake;
}
