/**
 * The online payment options come from the server's configuration: listed only when their
 * gateway is configured, never stored or removed by the back office's settings form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { createSettingsService } from './service';
import { createServices } from '../services';
import type { PaymentGateway } from '../payments/gateway';

describe(`online payment options in the settings (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    for (const name of ['BKASH_APP_KEY', 'BKASH_APP_SECRET', 'BKASH_USERNAME', 'BKASH_PASSWORD', 'SSLCOMMERZ_STORE_ID', 'SSLCOMMERZ_STORE_PASSWORD']) delete process.env[name];
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists no online option when no gateway is configured, and refuses it at checkout', async () => {
    const options = (await t.app.inject({ url: '/api/settings/' })).json().payment_options;
    expect(options.map((o: { id: string }) => o.id)).toEqual(['cod', 'bkash', 'nagad', 'rocket']);
    const customer = await t.signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers: customer.headers,
      payload: { district: 'ঢাকা', upazila_thana: 'মিরপুর', delivery_address: 'বাড়ি ১', delivery_option: 'dhaka_home', payment_option: 'bkash_online', orderItems: [{ product: 1, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.payment_option).toBeDefined();
  });

  it('neither stores nor removes the configured online options when the settings are saved', async () => {
    const settings = createSettingsService(t.services.database.db, { onlineGateways: ['bkash_online', 'sslcommerz'] });
    const shown = await settings.get();
    expect(shown.payment_options.filter((o) => o.online).map((o) => o.id)).toEqual(['bkash_online', 'sslcommerz']);
    // The form sends back every option it showed, renamed, with the online ones; or leaves them out.
    const saved = await settings.update({ payment_options: shown.payment_options.map((o) => ({ ...o, label: `${o.label}!` })) });
    expect(saved.payment_options.map((o) => o.id)).toEqual(['cod', 'bkash', 'nagad', 'rocket', 'bkash_online', 'sslcommerz']);
    expect(saved.payment_options.find((o) => o.id === 'bkash_online')!.label).toBe('বিকাশ (অনলাইন পেমেন্ট)');
    expect(saved.payment_options.find((o) => o.id === 'cod')!.label).toBe('ক্যাশ অন ডেলিভারি!');
    const stored = await t.services.database.db.selectFrom('settings').select('value').where('key', '=', 'payment_options').executeTakeFirstOrThrow();
    expect(stored.value).not.toContain('bkash_online');
    expect(stored.value).not.toContain('online');
    const without = await settings.update({ payment_options: [{ id: 'cod', label: 'COD', wallet: false }] });
    expect(without.payment_options.map((o) => o.id)).toEqual(['cod', 'bkash_online', 'sslcommerz']);
    await expect(settings.update({ payment_options: [{ id: 'sslcommerz', label: 'x', wallet: false, online: true }] })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('saves settings through the API without storing an online option', async () => {
    const admin = await t.signIn({ admin: true });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/',
      headers: admin.headers,
      payload: { payment_options: [{ id: 'cod', label: 'ক্যাশ অন ডেলিভারি', wallet: false }, { id: 'bkash_online', label: 'x', wallet: false, online: true }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment_options.map((o: { id: string }) => o.id)).toEqual(['cod']);
  });

  it('takes the gateways handed to createServices instead of the environment', async () => {
    const fake = { id: 'sslcommerz' } as unknown as PaymentGateway;
    const services = createServices(t.services.database, t.services.config, { gateways: { sslcommerz: fake } });
    expect(services.payments.gatewayIds()).toEqual(['sslcommerz']);
    expect((await services.settings.get()).payment_options.filter((o) => o.online).map((o) => o.id)).toEqual(['sslcommerz']);
  });
});
