/** Configuration from the environment (the README lists the variables). */
import path from 'node:path';
import { DEFAULT_TRUST_PROXY, compileTrustProxy } from './http/client-address';
import { COURIER_PLUGINS, type CourierSettingsById } from './shipments/couriers';
import { GATEWAY_PLUGINS, type GatewaySettings } from './payments/gateways';
import { complete, readProviderEnv } from './provider-env';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  demoData: boolean;
  adminPhone: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  redisUrl: string | undefined;
  /**
   * TRUST_PROXY: the peers whose X-Forwarded-For/-Host/-Proto are believed (proxy-addr syntax,
   * server/http/client-address.ts). Default `loopback`: a proxy on this machine only.
   */
  trustProxy: string;
  /**
   * SMS_DRIVER and the gateway. `logCodes` (SMS_LOG_CODES=1, development only): the `log` driver
   * prints one-time codes and, sending nothing, leaves them readable in the outbox; otherwise codes
   * are masked in its log line and in the outbox once sent. No effect with the `http` driver.
   */
  sms: { driver: 'log' | 'http'; httpUrl?: string; httpMethod?: string; httpParams?: string; logCodes?: boolean };
  /** Set by tests and the production server: the client build the pages are served from. */
  production: boolean;
  /**
   * PUBLIC_URL: the shop's public origin (scheme, host and port, no path), used for every
   * callback URL given to a payment gateway and every absolute link. Never the client's Host.
   */
  publicUrl: string;
  /** PAYMENT_HOLD_MINUTES: how long an unpaid online order keeps its stock before it is cancelled. */
  paymentHoldMinutes: number;
  /** The payment gateways' settings, as each plug-in declares them (gatewaySettings): those whose credentials are all set. */
  gateways: GatewaySettings;
  /** COURIER_POLL_MINUTES: how often a parcel not yet delivered or returned is asked about (default 30). */
  courierPollMinutes: number;
  /**
   * Each courier's settings (credentials, base URL, timeout, webhook secret), from the environment
   * variables its plug-in names (server/shipments/couriers/<id>/index.ts); unset ones are undefined.
   */
  couriers: CourierSettingsById;
  /** WEB_CONCURRENCY: server processes on this machine (PostgreSQL only; SQLite runs one). Default 1. */
  webConcurrency: number;
  /** BACKUP_DIR: where the server makes a backup every night; unset, it makes none. */
  backupDir: string | undefined;
  /** BACKUP_KEEP: how many of the newest backups in BACKUP_DIR are kept (default 7). */
  backupKeep: number;
  /** METRICS_TOKEN: the Bearer token /metrics asks for; unset, /metrics answers 404. */
  metricsToken: string | undefined;
  /** MEDIA_DRIVER: where uploads are kept, `$DATA_DIR/media` (local, the default) or an S3-compatible bucket. */
  media: MediaConfig;
}

export type MediaConfig = { driver: 'local' } | S3MediaConfig;

export interface S3MediaConfig {
  driver: 's3';
  /** S3_ENDPOINT: an S3-compatible server (MinIO, R2, Spaces…); unset, Amazon S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Where browsers fetch a key from, without the trailing slash: MEDIA_PUBLIC_URL (a CDN or the
   * bucket's public domain), else the endpoint's path-style `${endpoint}/${bucket}`, else the
   * bucket's Amazon S3 address.
   */
  publicBase: string;
}

/**
 * The origin of PUBLIC_URL; anything but an absolute http(s) URL stops the server. Unset, it is
 * http://localhost:$PORT, or http://$HOST:$PORT when the server listens on one address only
 * (HOST=127.0.0.1), the only place it can then be reached.
 */
export function publicOrigin(value: string | undefined, port: number, host = '0.0.0.0'): string {
  const listensEverywhere = ['', '0.0.0.0', '::', '[::]'].includes(host.trim());
  const fallbackHost = listensEverywhere ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const raw = value?.trim() || `http://${fallbackHost}:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL such as https://shop.example (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http or https URL (got "${raw}")`);
  return url.origin;
}

function holdMinutes(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 30;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`PAYMENT_HOLD_MINUTES must be a number of minutes, 0 or more (got "${value}")`);
  return n;
}

function pollMinutes(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 30;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`COURIER_POLL_MINUTES must be a number of minutes above 0 (got "${value}")`);
  return n;
}

function backupKeep(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 7;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BACKUP_KEEP must be a whole number of backups, 1 or more (got "${value}")`);
  return n;
}

function processCount(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WEB_CONCURRENCY must be a whole number of processes, 1 or more (got "${value}")`);
  return n;
}

function absoluteUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL such as https://media.example (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http or https URL (got "${value}")`);
  return url;
}

/** MEDIA_DRIVER and the S3_* variables; `s3` without a bucket or credentials stops the server. Secrets are never put in a message. */
export function mediaConfig(env: NodeJS.ProcessEnv): MediaConfig {
  const driver = env.MEDIA_DRIVER?.trim() || 'local';
  if (driver === 'local') return { driver: 'local' };
  if (driver !== 's3') throw new Error(`MEDIA_DRIVER must be local or s3 (got "${driver}")`);
  const bucket = env.S3_BUCKET?.trim() ?? '';
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  const missing = [!bucket && 'S3_BUCKET', !accessKeyId && 'S3_ACCESS_KEY_ID', !secretAccessKey && 'S3_SECRET_ACCESS_KEY'].filter(Boolean);
  if (missing.length) throw new Error(`MEDIA_DRIVER=s3 needs ${missing.join(', ')} to be set`);
  // Bucket names are DNS-like (S3's rules); anything else would make a broken URL.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`S3_BUCKET must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens (got "${bucket}")`);
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const endpointRaw = env.S3_ENDPOINT?.trim();
  const endpoint = endpointRaw ? absoluteUrl('S3_ENDPOINT', endpointRaw).href.replace(/\/+$/, '') : undefined;
  const publicRaw = env.MEDIA_PUBLIC_URL?.trim();
  const publicBase = publicRaw
    ? absoluteUrl('MEDIA_PUBLIC_URL', publicRaw).href.replace(/\/+$/, '')
    : endpoint
      ? `${endpoint}/${bucket}`
      : `https://${bucket}.s3.${region}.amazonaws.com`;
  return { driver: 's3', endpoint, bucket, region, accessKeyId, secretAccessKey, publicBase };
}

/** The origin pictures are loaded from when they are not on the shop's own (the Content-Security-Policy allows it). */
export function mediaOrigin(media: MediaConfig | undefined): string | null {
  return media?.driver === 's3' ? new URL(media.publicBase).origin : null;
}

/** Every registered payment gateway's settings (server/payments/gateways/index.ts), for those whose credentials are all set. */
export function gatewaySettings(env: NodeJS.ProcessEnv = process.env): GatewaySettings {
  const out: GatewaySettings = {};
  for (const plugin of GATEWAY_PLUGINS) {
    const values = complete(plugin.settings, readProviderEnv(plugin.settings, env));
    if (values) out[plugin.id] = values;
  }
  return out;
}

/** Every courier plug-in's settings (server/shipments/couriers/index.ts), credentials set or not: its webhook secrets are read even then. */
export function courierSettings(env: NodeJS.ProcessEnv = process.env): CourierSettingsById {
  return Object.fromEntries(COURIER_PLUGINS.map((p) => [p.id, readProviderEnv(p.env, env)])) as CourierSettingsById;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = Number(env.PORT || 3000);
  const host = env.HOST || '0.0.0.0';
  const config: Config = {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    demoData: env.DEMO_DATA !== '0',
    adminPhone: env.ADMIN_PHONE || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: env.TRUST_PROXY?.trim() || DEFAULT_TRUST_PROXY,
    sms: {
      driver: env.SMS_DRIVER === 'http' ? 'http' : 'log',
      httpUrl: env.SMS_HTTP_URL,
      httpMethod: env.SMS_HTTP_METHOD,
      httpParams: env.SMS_HTTP_PARAMS,
      logCodes: env.SMS_LOG_CODES === '1',
    },
    production: env.NODE_ENV !== 'test',
    publicUrl: publicOrigin(env.PUBLIC_URL, port, host),
    paymentHoldMinutes: holdMinutes(env.PAYMENT_HOLD_MINUTES),
    gateways: gatewaySettings(env),
    courierPollMinutes: pollMinutes(env.COURIER_POLL_MINUTES),
    couriers: courierSettings(env),
    webConcurrency: processCount(env.WEB_CONCURRENCY),
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    backupKeep: backupKeep(env.BACKUP_KEEP),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    media: mediaConfig(env),
  };
  // A TRUST_PROXY that can't be read stops the start, rather than trusting nobody (or everybody) by surprise.
  compileTrustProxy(config.trustProxy);
  // An https page does not load http pictures (mixed content; the CSP upgrades them to https).
  if (config.media.driver === 's3' && config.publicUrl.startsWith('https:') && config.media.publicBase.startsWith('http:')) {
    throw new Error(`MEDIA_PUBLIC_URL must be an https URL when PUBLIC_URL is (media would be served from ${config.media.publicBase})`);
  }
  return config;
}
