/** Configuration from the environment (the README lists the variables). */
import path from 'node:path';

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
  /** Which peers may set X-Forwarded-* (proxy-addr syntax). Default: loopback and private networks. */
  trustProxy: string;
  sms: { driver: 'log' | 'http'; httpUrl?: string; httpMethod?: string; httpParams?: string };
  /** Set by tests and the production server: the client build the pages are served from. */
  production: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: Number(env.PORT || 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    demoData: env.DEMO_DATA !== '0',
    adminPhone: env.ADMIN_PHONE || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: env.TRUST_PROXY || 'loopback,linklocal,uniquelocal',
    sms: {
      driver: env.SMS_DRIVER === 'http' ? 'http' : 'log',
      httpUrl: env.SMS_HTTP_URL,
      httpMethod: env.SMS_HTTP_METHOD,
      httpParams: env.SMS_HTTP_PARAMS,
    },
    production: env.NODE_ENV !== 'test',
  };
}
