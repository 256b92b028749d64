import { describe, expect, it } from 'vitest';
import { loadConfig, mediaOrigin, publicOrigin } from './config';

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

  it('keeps media on the local disk unless MEDIA_DRIVER=s3', () => {
    expect(loadConfig({}).media).toEqual({ driver: 'local' });
    expect(loadConfig({ MEDIA_DRIVER: ' local ' }).media).toEqual({ driver: 'local' });
    expect(mediaOrigin(loadConfig({}).media)).toBeNull();
    expect(() => loadConfig({ MEDIA_DRIVER: 'gcs' })).toThrow(/MEDIA_DRIVER must be local or s3/);
  });

  it('MEDIA_DRIVER=s3 needs a bucket and credentials, and never names the secret in its messages', () => {
    const s3 = { MEDIA_DRIVER: 's3', S3_BUCKET: 'haat-media', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'very-secret-value' };
    expect(() => loadConfig({ MEDIA_DRIVER: 's3' })).toThrow('MEDIA_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY to be set');
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: ' ' })).toThrow('MEDIA_DRIVER=s3 needs S3_SECRET_ACCESS_KEY to be set');
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    for (const [name, value] of [
      ['S3_ENDPOINT', 'minio:9000'],
      ['MEDIA_PUBLIC_URL', 'ftp://cdn.example'],
    ]) {
      let message = '';
      try {
        loadConfig({ ...s3, [name!]: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(new RegExp(`^${name}`));
      expect(message).not.toContain('very-secret-value');
    }
  });

  it('MEDIA_DRIVER=s3 serves from MEDIA_PUBLIC_URL, else path-style from the endpoint, else Amazon S3', () => {
    const s3 = { MEDIA_DRIVER: 's3', S3_BUCKET: 'haat-media', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'very-secret-value' };
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/' }).media).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'haat-media',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'very-secret-value',
      publicBase: 'http://127.0.0.1:9000/haat-media',
    });
    const cdn = loadConfig({ ...s3, S3_ENDPOINT: 'https://r2.example', S3_REGION: 'auto', MEDIA_PUBLIC_URL: 'https://cdn.example/media/' }).media;
    expect(cdn).toMatchObject({ region: 'auto', publicBase: 'https://cdn.example/media' });
    expect(mediaOrigin(cdn)).toBe('https://cdn.example');
    const aws = loadConfig({ ...s3, S3_REGION: 'ap-south-1' }).media;
    expect(aws).toMatchObject({ endpoint: undefined, publicBase: 'https://haat-media.s3.ap-south-1.amazonaws.com' });
    expect(mediaOrigin(aws)).toBe('https://haat-media.s3.ap-south-1.amazonaws.com');
    // An https shop cannot show http pictures.
    expect(() => loadConfig({ ...s3, PUBLIC_URL: 'https://shop.example', S3_ENDPOINT: 'http://10.0.0.5:9000' })).toThrow(/MEDIA_PUBLIC_URL must be an https URL/);
    expect(loadConfig({ ...s3, PUBLIC_URL: 'https://shop.example', S3_ENDPOINT: 'http://10.0.0.5:9000', MEDIA_PUBLIC_URL: 'https://media.shop.example' }).media).toMatchObject({ publicBase: 'https://media.shop.example' });
  });
});
