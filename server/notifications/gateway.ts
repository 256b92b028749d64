/**
 * SMS gateways: a strategy with two drivers. `log` writes the message to the log
 * and counts it as sent (development, demo); `http` calls a bulk-SMS HTTP API configured by
 * URL, method and a parameter template — the shape Bangladeshi providers use, e.g.
 * `api_key=KEY&type=text&number={to}&senderid=8809XXXX&message={text}`.
 */
import { maskCodes } from '../../domain/sms-limits';

export interface SmsMessage {
  id: number;
  to: string;
  text: string;
  /** The outbox's kind (domain/sms-limits.ts): the log driver masks the codes of code kinds. */
  kind?: string;
}

export interface SmsGateway {
  readonly name: string;
  /** Resolves when the gateway accepted the message; throws (with a short reason) otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export interface LogLike {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const consoleLog: LogLike = {
  info: (obj, msg) => console.log(JSON.stringify({ level: 'info', msg, ...obj })),
  warn: (obj, msg) => console.warn(JSON.stringify({ level: 'warn', msg, ...obj })),
  error: (obj, msg) => console.error(JSON.stringify({ level: 'error', msg, ...obj })),
};

/**
 * Development and demo: the message goes to the log, not to a phone. One-time codes show as
 * `••••••` (logs are kept and shipped), unless SMS_LOG_CODES=1 (`showCodes`) says a developer
 * wants to read them there.
 */
export class LogGateway implements SmsGateway {
  readonly name = 'log';
  constructor(
    private readonly log: () => LogLike,
    private readonly showCodes = false,
  ) {}
  async send(message: SmsMessage): Promise<void> {
    const text = this.showCodes ? message.text : maskCodes(message.kind ?? '', message.text);
    this.log().info({ sms: message.id, to: message.to, kind: message.kind, text }, 'sms (log driver: not sent)');
  }
}

export interface HttpGatewayOptions {
  url: string;
  method?: string;
  /** `key=value&…` with `{to}`, `{to880}` and `{text}` placeholders; values are URL-encoded. */
  params?: string;
  timeoutMs?: number;
}

/** The template with the placeholders filled in and URL-encoded. */
export function renderParams(template: string, message: Pick<SmsMessage, 'to' | 'text'>): string {
  const to880 = message.to.startsWith('0') ? `88${message.to}` : message.to;
  const values: Record<string, string> = { to: message.to, to880, text: message.text };
  return template.replace(/\{(to880|to|text)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? ''));
}

export class HttpGateway implements SmsGateway {
  readonly name = 'http';
  private readonly method: 'GET' | 'POST';
  constructor(private readonly opts: HttpGatewayOptions) {
    if (!opts.url) throw new Error('SMS_DRIVER=http needs SMS_HTTP_URL');
    this.method = (opts.method ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET';
  }

  async send(message: SmsMessage): Promise<void> {
    const params = renderParams(this.opts.params ?? 'to={to}&text={text}', message);
    let url = this.opts.url;
    const init: RequestInit = { method: this.method, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000) };
    if (this.method === 'GET') {
      url += (url.includes('?') ? '&' : '?') + params;
    } else {
      init.body = params;
      init.headers = { 'content-type': 'application/x-www-form-urlencoded' };
    }
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      const e = error as Error;
      if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new Error(`gateway timed out after ${this.opts.timeoutMs ?? 5000} ms`);
      throw new Error(`gateway unreachable: ${(e.cause as Error | undefined)?.message ?? e.message}`);
    }
    const body = await response.text().catch(() => '');
    if (!response.ok) throw new Error(`gateway answered ${response.status}: ${body.slice(0, 200)}`);
  }
}

export function createGateway(config: { driver: 'log' | 'http'; httpUrl?: string; httpMethod?: string; httpParams?: string; logCodes?: boolean }, log: () => LogLike): SmsGateway {
  if (config.driver === 'http') {
    return new HttpGateway({ url: config.httpUrl ?? '', method: config.httpMethod, params: config.httpParams });
  }
  return new LogGateway(log, config.logCodes === true);
}
