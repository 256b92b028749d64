import { describe, expect, it } from 'vitest';
import { loadConfig, publicOrigin } from './config';

describe('configuration', () => {
  it('takes the origin of PUBLIC_URL, by default http://localhost:$PORT', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/some/path/' }).publicUrl).toBe('https://shop.example');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example:8443' }).publicUrl).toBe('https://shop.example:8443');
    // Listening on one address only, that address is where the shop is reached.
    expect(publicOrigin(undefined, 3000, '127.0.0.1')).toBe('http://127.0.0.1:3000');
    expect(publicOrigin('', 3000, '::')).toBe('http://localhost:3000');
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://shop.example' })).toThrow(/PUBLIC_URL/);
  });

  it('holds unpaid online orders 30 minutes unless PAYMENT_HOLD_MINUTES says otherwise', () => {
    expect(loadConfig({}).paymentHoldMinutes).toBe(30);
    expect(loadConfig({ PAYMENT_HOLD_MINUTES: '0' }).paymentHoldMinutes).toBe(0);
    expect(loadConfig({ PAYMENT_HOLD_MINUTES: '45' }).paymentHoldMinutes).toBe(45);
    expect(() => loadConfig({ PAYMENT_HOLD_MINUTES: 'soon' })).toThrow(/PAYMENT_HOLD_MINUTES/);
  });

  it('serves /metrics only when METRICS_TOKEN is set (blank is unset)', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 's3cret-token' }).metricsToken).toBe('s3cret-token');
  });

  it('makes nightly backups only when BACKUP_DIR is set, keeping BACKUP_KEEP of them (default 7)', () => {
    expect(loadConfig({}).backupDir).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '/var/backups/haat' })).toMatchObject({ backupDir: '/var/backups/haat', backupKeep: 7 });
    expect(loadConfig({ BACKUP_KEEP: '14' }).backupKeep).toBe(14);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_KEEP: 'all' })).toThrow(/BACKUP_KEEP/);
  });

  it('WEB_CONCURRENCY: a whole number of processes, 1 or more, default 1', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: ' ' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    for (const bad of ['0', '-2', '1.5', 'many']) expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
  });
});
