import { describe, expect, it } from 'vitest';
import { authorised, client, counter, fake, input, withFakeBkash } from './fake-harness';
import { GatewayError } from '../../gateway';

// The bKash client's payments: start, confirm, lookup and refund (tokens: bkash-tokens.test.ts).
withFakeBkash();

describe('bKash start', () => {
  it('creates a payment with the documented fields and answers the bkashURL to send the customer to', async () => {
    const started = await client().start(input(1250.5));
    expect(started.paymentUrl).toBe(fake.pageUrl(started.gatewayRef));
    const create = fake.requests.find((r) => r.path === '/create')!;
    expect(create.body).toEqual({
      mode: '0011',
      payerReference: '01712345678',
      callbackURL: 'http://shop.test/payments/bkash/callback?attempt=7',
      amount: '1250.50',
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: `HAAT-${counter}`,
    });
    expect(create.headers['x-app-key']).toBe(fake.credentials.appKey);
    expect(fake.payments.get(started.gatewayRef)?.transactionStatus).toBe('Initiated');
  });

  it('the gateway page sends the browser back to the callback with paymentID and status', async () => {
    const started = await client().start(input());
    const res = await fetch(`${started.paymentUrl}/success`, { redirect: 'manual' });
    const back = new URL(res.headers.get('location')!);
    expect(back.pathname).toBe('/payments/bkash/callback');
    expect(back.searchParams.get('attempt')).toBe('7');
    expect(back.searchParams.get('paymentID')).toBe(started.gatewayRef);
    expect(back.searchParams.get('status')).toBe('success');
  });

  it('a create bKash refuses is a GatewayError of kind refused', async () => {
    fake.createFails = { statusCode: '2006', statusMessage: 'Invalid Amount' };
    const err = await client().start(input()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ kind: 'refused', message: expect.stringContaining('2006') });
  });
});

describe('bKash confirm', () => {
  it('execute Completed is paid with the trxID and the amount parsed from bKash’s string', async () => {
    const gw = client();
    const started = await authorised(gw, 1250.5);
    const verdict = await gw.confirm(started.gatewayRef);
    const trxID = fake.payments.get(started.gatewayRef)!.trxID!;
    expect(verdict).toMatchObject({ state: 'paid', amount: 1250.5, currency: 'BDT', reference: trxID, invoice: `HAAT-${counter}`, review: false });
    expect(fake.executes.get(started.gatewayRef)).toBe(1);
    expect(fake.queries.get(started.gatewayRef)).toBeUndefined();
  });

  it('execute erroring (HTTP 500) after the money was taken: the query says Completed, so paid', async () => {
    const gw = client();
    const started = await authorised(gw);
    fake.executeFails = { httpStatus: 500, afterCompleting: true };
    const verdict = await gw.confirm(started.gatewayRef);
    expect(verdict.state).toBe('paid');
    expect(fake.executes.get(started.gatewayRef)).toBe(1);
    expect(fake.queries.get(started.gatewayRef)).toBe(1);
  });

  it('execute answering an error code, then the query says Completed: paid', async () => {
    const gw = client();
    const started = await authorised(gw);
    fake.executeFails = { statusCode: '2117', statusMessage: 'Payment execution already been called before', afterCompleting: true };
    expect((await gw.confirm(started.gatewayRef)).state).toBe('paid');
  });

  it('execute timing out: the query decides, and Completed is paid; execute is not sent again', async () => {
    const gw = client({ timeoutMs: 150 });
    const started = await authorised(gw);
    fake.executeTimesOut = 1000;
    const verdict = await gw.confirm(started.gatewayRef);
    expect(verdict).toMatchObject({ state: 'paid', reference: fake.payments.get(started.gatewayRef)!.trxID });
    expect(fake.executes.get(started.gatewayRef)).toBe(1);
    expect(fake.queries.get(started.gatewayRef)).toBe(1);
  });

  it('execute timing out and the query failing too: a GatewayError, never a verdict', async () => {
    const gw = client({ timeoutMs: 150 });
    const started = await authorised(gw);
    fake.executeTimesOut = 1000;
    fake.queryFails = { httpStatus: 503 };
    await expect(gw.confirm(started.gatewayRef)).rejects.toMatchObject({ kind: 'http' });
  });

  it('a payment the customer has not finished (query Initiated) is open', async () => {
    const gw = client();
    const started = await gw.start(input());
    expect(await gw.confirm(started.gatewayRef)).toMatchObject({ state: 'open' });
  });

  it('a forged callback (execute: invalid payment state, query: Initiated) is not paid', async () => {
    const gw = client();
    const started = await gw.start(input());
    const verdict = await gw.confirm(started.gatewayRef);
    expect(verdict.state).not.toBe('paid');
    expect(fake.payments.get(started.gatewayRef)!.transactionStatus).toBe('Initiated');
    fake.queryStatus = 'Failed';
    expect((await gw.confirm(started.gatewayRef)).state).toBe('failed');
  });

  it('cancelled, failed and expired payments are failed', async () => {
    const gw = client();
    for (const mark of ['cancelPayment', 'failPayment', 'expirePayment'] as const) {
      const started = await gw.start(input());
      fake[mark](started.gatewayRef);
      expect(await gw.confirm(started.gatewayRef)).toMatchObject({ state: 'failed', reason: expect.stringMatching(/Cancelled|Failed|Expired/) });
    }
  });

  it('the customer cancelling on the gateway page makes the payment failed', async () => {
    const gw = client();
    const started = await gw.start(input());
    const res = await fetch(`${started.paymentUrl}/cancel`, { redirect: 'manual' });
    expect(new URL(res.headers.get('location')!).searchParams.get('status')).toBe('cancel');
    expect((await gw.confirm(started.gatewayRef)).state).toBe('failed');
  });

  it('reports the amount bKash reports, not the one asked for (the service compares)', async () => {
    const gw = client();
    const started = await authorised(gw, 500);
    fake.amountOverride = '5.00';
    expect(await gw.confirm(started.gatewayRef)).toMatchObject({ state: 'paid', amount: 5 });
  });
});

describe('bKash lookup', () => {
  it('queries the payment: open while Initiated, paid once Completed', async () => {
    const gw = client();
    const started = await gw.start(input());
    const attempt = { gatewayRef: started.gatewayRef, invoice: `HAAT-${counter}` };
    expect((await gw.lookup(attempt)).state).toBe('open');
    fake.markCompleted(started.gatewayRef);
    expect(await gw.lookup(attempt)).toMatchObject({ state: 'paid', reference: fake.payments.get(started.gatewayRef)!.trxID });
    expect(fake.executes.get(started.gatewayRef)).toBeUndefined();
  });

  it('the query is tried once more after a network failure', async () => {
    const gw = client();
    const started = await gw.start(input());
    fake.markCompleted(started.gatewayRef);
    // The first query's connection breaks before it reaches bKash.
    let queries = 0;
    const flaky: typeof fetch = (url, init) => {
      if (String(url).endsWith('/payment/status') && ++queries === 1) return Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }));
      return fetch(url, init);
    };
    const gw2 = client({ fetch: flaky });
    expect((await gw2.lookup({ gatewayRef: started.gatewayRef, invoice: '' })).state).toBe('paid');
    expect(fake.queries.get(started.gatewayRef)).toBe(1);
  });

  it('a query bKash refuses is a GatewayError, not a verdict', async () => {
    await expect(client().lookup({ gatewayRef: 'TR0011NOPE', invoice: '' })).rejects.toMatchObject({ kind: 'refused' });
  });
});

describe('bKash refund', () => {
  it('refunds a completed payment with the documented fields and answers the refundTrxID', async () => {
    const gw = client();
    const started = await authorised(gw, 800);
    const paid = await gw.confirm(started.gatewayRef);
    if (paid.state !== 'paid') throw new Error('not paid');
    const result = await gw.refund({ gatewayRef: started.gatewayRef, reference: paid.reference, amount: 300, reason: 'Out of stock', refundId: 'R-1' });
    const refunds = fake.payments.get(started.gatewayRef)!.refunds;
    expect(result).toMatchObject({ ok: true, reference: refunds[0]!.refundTrxID });
    expect(fake.requests.find((r) => r.path === '/payment/refund')!.body).toEqual({ paymentID: started.gatewayRef, amount: '300.00', trxID: paid.reference, sku: 'R-1', reason: 'Out of stock' });
  });

  it('a refund bKash refuses is not ok, with bKash’s words, and is not retried', async () => {
    const gw = client();
    const started = await authorised(gw);
    const paid = await gw.confirm(started.gatewayRef);
    if (paid.state !== 'paid') throw new Error('not paid');
    fake.refundFails = true;
    const result = await gw.refund({ gatewayRef: started.gatewayRef, reference: paid.reference, amount: 100, reason: 'x', refundId: 'R-2' });
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('2071') });
    expect(fake.refundCalls).toBe(1);
  });

  it('refunding more than was paid is refused', async () => {
    const gw = client();
    const started = await authorised(gw, 100);
    const paid = await gw.confirm(started.gatewayRef);
    if (paid.state !== 'paid') throw new Error('not paid');
    expect((await gw.refund({ gatewayRef: started.gatewayRef, reference: paid.reference, amount: 150, reason: 'x', refundId: 'R-3' })).ok).toBe(false);
  });
});
