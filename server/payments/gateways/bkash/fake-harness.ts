/**
 * What the bKash client's tests share: `withFakeBkash()` starts a fresh fake bKash before each
 * test (and closes it after), `fake` is the current one, `client()` a BkashGateway pointed at it,
 * `input()` a StartInput with a new invoice (`HAAT-${counter}`), and `authorised()` a payment
 * the customer has authorised on bKash's page.
 */
import { afterEach, beforeEach } from 'vitest';
import { BkashGateway, type BkashOptions } from './client';
import type { StartInput } from '../../gateway';
import { startFakeBkash, type FakeBkash } from './fake';

/** The fake of the running test (a live binding: read it inside the tests). */
export let fake: FakeBkash;
/** How many inputs were made: the last invoice is `HAAT-${counter}`. */
export let counter = 0;

export function withFakeBkash() {
  beforeEach(async () => {
    fake = await startFakeBkash();
  });
  afterEach(async () => {
    await fake.close();
  });
}

export function client(opts: Partial<BkashOptions> = {}) {
  return new BkashGateway({ baseUrl: fake.url, ...fake.credentials, timeoutMs: 2000, ...opts });
}

export function input(amount = 1250.5): StartInput {
  counter++;
  return {
    invoice: `HAAT-${counter}`,
    amount,
    customer: { name: 'Rahim', phone: '01712345678', email: 'rahim@example.com', address: 'House 1, Road 2', city: 'Dhaka' },
    urls: {
      callback: 'http://shop.test/payments/bkash/callback?attempt=7',
      success: 'http://shop.test/s',
      fail: 'http://shop.test/f',
      cancel: 'http://shop.test/c',
      ipn: 'http://shop.test/ipn',
    },
    productName: 'Books',
  };
}

/** Starts a payment and has the customer authorise it on bKash's page. */
export async function authorised(gw: BkashGateway, amount?: number) {
  const started = await gw.start(input(amount));
  fake.completePayment(started.gatewayRef);
  return started;
}
