import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSslcommerz, type FakeSslcommerz } from './fake';
import { GatewayError, type StartInput } from '../../gateway';
import { gatewaySettings } from '../../../config';
import { connectGateways } from '..';
import { SslcommerzGateway, type SslcommerzOptions } from './client';

/** The gateways a server with this environment has (config.ts reads it, gateways/index.ts connects them). */
const createGateways = (env: NodeJS.ProcessEnv) => connectGateways(gatewaySettings(env));

let fake: FakeSslcommerz;
beforeEach(async () => {
  fake = await startFakeSslcommerz();
});
afterEach(async () => {
  await fake.close();
});

function client(opts: Partial<SslcommerzOptions> = {}) {
  return new SslcommerzGateway({ baseUrl: fake.url, ...fake.credentials, timeoutMs: 2000, ...opts });
}

let counter = 0;
function input(amount = 1250.5): StartInput {
  counter++;
  return {
    invoice: `HAAT-S${counter}`,
    amount,
    customer: { name: 'Karim', phone: '01812345678', email: 'karim@example.com', address: 'Flat 3, Road 9', city: 'Chattogram' },
    urls: {
      callback: 'http://shop.test/cb',
      success: 'http://shop.test/payments/sslcommerz/success',
      fail: 'http://shop.test/payments/sslcommerz/fail',
      cancel: 'http://shop.test/payments/sslcommerz/cancel',
      ipn: 'http://shop.test/payments/sslcommerz/ipn',
    },
    productName: 'Books and stationery',
  };
}

describe('SSLCommerz start', () => {
  it('opens a session with the documented fields and answers the GatewayPageURL', async () => {
    const started = await client().start(input(1250.5));
    const session = fake.sessions.get(started.gatewayRef)!;
    expect(started.paymentUrl).toBe(`${fake.url}/pay/${started.gatewayRef}`);
    expect(session.fields).toMatchObject({
      store_id: fake.credentials.storeId,
      total_amount: '1250.50',
      currency: 'BDT',
      tran_id: `HAAT-S${counter}`,
      success_url: 'http://shop.test/payments/sslcommerz/success',
      fail_url: 'http://shop.test/payments/sslcommerz/fail',
      cancel_url: 'http://shop.test/payments/sslcommerz/cancel',
      ipn_url: 'http://shop.test/payments/sslcommerz/ipn',
      cus_name: 'Karim',
      cus_email: 'karim@example.com',
      cus_add1: 'Flat 3, Road 9',
      cus_city: 'Chattogram',
      cus_country: 'Bangladesh',
      cus_phone: '01812345678',
      shipping_method: 'NO',
      product_name: 'Books and stationery',
      product_profile: 'general',
    });
  });

  it('the gateway page posts val_id, tran_id, status, amount and currency back to success_url', async () => {
    const started = await client().start(input(300));
    const html = await (await fetch(`${started.paymentUrl}/success`)).text();
    expect(html).toContain('action="http://shop.test/payments/sslcommerz/success"');
    const session = fake.session(`HAAT-S${counter}`);
    for (const [name, value] of [['val_id', session.val_id!], ['tran_id', `HAAT-S${counter}`], ['status', 'VALID'], ['amount', '300.00'], ['currency', 'BDT']]) {
      expect(html).toContain(`name="${name}" value="${value}"`);
    }
  });

  it('the gateway page’s Cancel and Fail post back to cancel_url and fail_url, and the payment is failed', async () => {
    const gw = client();
    for (const [outcome, url, status] of [['cancel', 'cancel', 'CANCELLED'], ['fail', 'fail', 'FAILED']] as const) {
      const started = await gw.start(input());
      const html = await (await fetch(`${started.paymentUrl}/${outcome}`)).text();
      expect(html).toContain(`action="http://shop.test/payments/sslcommerz/${url}"`);
      expect(html).toContain(`name="status" value="${status}"`);
      expect(await gw.lookup({ gatewayRef: started.gatewayRef, invoice: `HAAT-S${counter}` })).toMatchObject({ state: 'failed' });
    }
  });

  it('a store SSLCommerz does not know is refused without its password in the error', async () => {
    const err = await client({ storePassword: 'wrong-store-pass' }).start(input()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    const e = err as GatewayError;
    expect(e.kind).toBe('refused');
    expect(e.message).toContain('Store Credential Error');
    expect(`${e.message} ${JSON.stringify(e.raw)}`).not.toContain('wrong-store-pass');
  });

  it('an init SSLCommerz refuses carries its failedreason', async () => {
    fake.initFails = 'Invalid Information! cus_phone is not valid';
    await expect(client().start(input())).rejects.toMatchObject({ kind: 'refused', message: expect.stringContaining('cus_phone') });
  });
});

describe('SSLCommerz confirm (order validation)', () => {
  it('VALID is paid: amount and currency as reported, bank_tran_id the reference, tran_id the invoice', async () => {
    const gw = client();
    await gw.start(input(1250.5));
    const valId = fake.payOnGateway(`HAAT-S${counter}`);
    const verdict = await gw.confirm(valId);
    expect(verdict).toMatchObject({
      state: 'paid',
      amount: 1250.5,
      currency: 'BDT',
      reference: fake.session(`HAAT-S${counter}`).bank_tran_id,
      invoice: `HAAT-S${counter}`,
      review: false,
    });
    const call = fake.requests.find((r) => r.path === '/validator/api/validationserverAPI.php')!;
    expect(call.params).toMatchObject({ val_id: valId, store_id: fake.credentials.storeId, store_passwd: '***', format: 'json' });
  });

  it('VALIDATED (asked again) is paid too', async () => {
    const gw = client();
    await gw.start(input());
    const valId = fake.payOnGateway(`HAAT-S${counter}`);
    await gw.confirm(valId);
    expect(await gw.confirm(valId)).toMatchObject({ state: 'paid', raw: expect.objectContaining({ status: 'VALIDATED' }) });
  });

  it('INVALID_TRANSACTION is failed', async () => {
    expect(await client().confirm('forged-val-id')).toMatchObject({ state: 'failed', reason: expect.stringContaining('INVALID_TRANSACTION') });
    await client().start(input());
    const valId = fake.payOnGateway(`HAAT-S${counter}`);
    fake.validationStatus = 'INVALID_TRANSACTION';
    expect((await client().confirm(valId)).state).toBe('failed');
    fake.validationStatus = 'FAILED';
    expect((await client().confirm(valId)).state).toBe('failed');
  });

  it('risk_level 1 is paid but held for review', async () => {
    const gw = client();
    await gw.start(input());
    const valId = fake.payOnGateway(`HAAT-S${counter}`);
    fake.riskLevel = '1';
    expect(await gw.confirm(valId)).toMatchObject({ state: 'paid', review: true });
  });

  it('reports the amount and currency SSLCommerz reports (the service compares them)', async () => {
    const gw = client();
    await gw.start(input(900));
    const valId = fake.payOnGateway(`HAAT-S${counter}`);
    fake.amountOverride = '9.00';
    fake.currencyOverride = 'USD';
    expect(await gw.confirm(valId)).toMatchObject({ state: 'paid', amount: 9, currency: 'USD' });
  });

  it('wrong store credentials: a GatewayError, not a verdict', async () => {
    await client().start(input());
    const valId = fake.payOnGateway(`HAAT-S${counter}`);
    await expect(client({ storeId: 'someone-else' }).confirm(valId)).rejects.toMatchObject({ kind: 'refused' });
  });

  it('a validator that does not answer in time is a timeout; a 502 is an http error', async () => {
    fake.delayMs = 1000;
    await expect(client({ timeoutMs: 100 }).confirm('x')).rejects.toMatchObject({ kind: 'timeout' });
    fake.delayMs = 0;
    fake.httpFails = 502;
    const err = (await client().confirm('x').catch((e: unknown) => e)) as GatewayError;
    expect(err.kind).toBe('http');
    expect(fake.validations).toBe(2);
  });
});

describe('SSLCommerz lookup (query by tran_id)', () => {
  it('open while the customer has not paid, paid once they have, failed if they cancelled', async () => {
    const gw = client();
    await gw.start(input());
    const attempt = { gatewayRef: '', invoice: `HAAT-S${counter}` };
    expect((await gw.lookup(attempt)).state).toBe('open');
    fake.payOnGateway(attempt.invoice);
    expect(await gw.lookup(attempt)).toMatchObject({ state: 'paid', invoice: attempt.invoice, reference: fake.session(attempt.invoice).bank_tran_id });

    await gw.start(input());
    const other = { gatewayRef: '', invoice: `HAAT-S${counter}` };
    fake.cancelOnGateway(other.invoice);
    expect(await gw.lookup(other)).toMatchObject({ state: 'failed', reason: expect.stringContaining('CANCELLED') });
    expect(fake.queries).toBe(3);
  });

  it('a tran_id SSLCommerz has never seen is open', async () => {
    expect((await client().lookup({ gatewayRef: '', invoice: 'HAAT-NONE' })).state).toBe('open');
  });
});

describe('SSLCommerz refund', () => {
  it('refunds by bank_tran_id and answers the refund_ref_id', async () => {
    const gw = client();
    await gw.start(input(800));
    const paid = await gw.confirm(fake.payOnGateway(`HAAT-S${counter}`));
    if (paid.state !== 'paid') throw new Error('not paid');
    const result = await gw.refund({ gatewayRef: '', reference: paid.reference, amount: 200, reason: 'Damaged copy', refundId: 'RF-9' });
    const refund = fake.session(`HAAT-S${counter}`).refunds[0]!;
    expect(result).toMatchObject({ ok: true, reference: refund.refund_ref_id });
    expect(refund).toMatchObject({ amount: '200.00', remarks: 'Damaged copy', refe_id: 'RF-9', refund_trans_id: 'RF-9' });
  });

  it('a refund SSLCommerz refuses is not ok, with its errorReason', async () => {
    const gw = client();
    await gw.start(input());
    const paid = await gw.confirm(fake.payOnGateway(`HAAT-S${counter}`));
    if (paid.state !== 'paid') throw new Error('not paid');
    fake.refundFails = 'Refund amount exceeds the limit';
    expect(await gw.refund({ gatewayRef: '', reference: paid.reference, amount: 10, reason: 'x', refundId: 'RF-10' })).toMatchObject({
      ok: false,
      message: 'Refund amount exceeds the limit',
    });
    expect(fake.refundCalls).toBe(1);
  });

  it('refunding an unknown transaction is not ok', async () => {
    expect((await client().refund({ gatewayRef: '', reference: 'NOPE', amount: 10, reason: 'x', refundId: 'RF-11' })).ok).toBe(false);
  });
});

describe('createGateways', () => {
  it('has SSLCommerz only when the store id and password are set', () => {
    expect(createGateways({ SSLCOMMERZ_STORE_ID: 's', SSLCOMMERZ_STORE_PASSWORD: 'p' }).sslcommerz?.id).toBe('sslcommerz');
    expect(createGateways({ SSLCOMMERZ_STORE_ID: 's' }).sslcommerz).toBeUndefined();
    expect(createGateways({ SSLCOMMERZ_STORE_ID: 's', SSLCOMMERZ_STORE_PASSWORD: '  ' }).sslcommerz).toBeUndefined();
  });

  it('the gateway it builds talks to SSLCOMMERZ_BASE_URL', async () => {
    const gw = createGateways({ ...fake.env, SSLCOMMERZ_BASE_URL: fake.url + '/' }).sslcommerz!;
    expect((await gw.start(input())).paymentUrl.startsWith(fake.url)).toBe(true);
  });
});
