import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES, isSocialUrl, settingsSchema, settingsUpdateSchema } from './settings';

describe('settings values', () => {
  it('takes only an http(s) web address (or nothing) as the social link', () => {
    for (const ok of ['', 'https://facebook.com/haat', 'http://example.com/a?b=c']) expect(isSocialUrl(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '/relative', '//evil.example', 'ftp://x.example', 'https://', ' https://x.example', 'https://x.example/\u0000']) {
      expect(isSocialUrl(bad), bad).toBe(false);
    }
  });

  it('refuses a javascript: social link with its own message on social_url', () => {
    const result = settingsUpdateSchema.safeParse({ social_url: 'javascript:alert(document.cookie)' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([expect.objectContaining({ path: ['social_url'], message: SETTINGS_MESSAGES.socialUrl })]);
  });

  it('has the checkout limits, each a whole number from 0 (no limit) up', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ max_open_orders_per_customer: 3, max_units_per_line: 10, checkouts_per_hour: 10 });
    expect(settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
    for (const key of ['max_open_orders_per_customer', 'max_units_per_line', 'checkouts_per_hour']) {
      expect(settingsUpdateSchema.safeParse({ [key]: 0 }).success).toBe(true);
      for (const bad of [-1, 1.5, '3', null, 10_001]) {
        const result = settingsUpdateSchema.safeParse({ [key]: bad });
        expect(result.success, `${key}=${String(bad)}`).toBe(false);
        expect(result.error!.issues[0]).toMatchObject({ path: [key], message: SETTINGS_MESSAGES.limit });
      }
    }
  });
});
