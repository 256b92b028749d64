/**
 * The plumbing the loopback fakes of the payment gateways share: an HTTP server on
 * 127.0.0.1 at a free port whose handler's errors answer 500, timers that `close` clears,
 * reading a request's body (raw, JSON or form), answering JSON or HTML, and the fake
 * "gateway page" (`GET /pay/:key`, with one link per outcome) each gateway stands in for.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoopbackHandler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>;

export interface LoopbackServer {
  /** http://127.0.0.1:port */
  origin: string;
  /** Runs `fn` after `ms`, unless the server is closed first. */
  later(ms: number, fn: () => void): void;
  /** Clears the pending timers, drops every connection and stops listening. */
  close(): Promise<void>;
}

/** Starts `handle` on 127.0.0.1 at a free port; `url` is the request's URL against the origin. */
export async function startLoopbackServer(handle: LoopbackHandler): Promise<LoopbackServer> {
  const timers = new Set<NodeJS.Timeout>();
  let origin = '';
  const server = http.createServer((req, res) => {
    handle(req, res, new URL(req.url ?? '/', origin)).catch((err: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    later(ms, fn) {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The body as JSON (an empty body is `{}`); undefined when it is not JSON. */
export async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const raw = await readBody(req);
  try {
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return undefined;
  }
}

/** The body as an application/x-www-form-urlencoded form. */
export async function readForm(req: http.IncomingMessage): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await readBody(req)));
}

export function json(res: http.ServerResponse, status: number, body: unknown) {
  send(res, status, JSON.stringify(body), 'application/json');
}

export function html(res: http.ServerResponse, status: number, body: string) {
  send(res, status, body, 'text/html; charset=utf-8');
}

export function send(res: http.ServerResponse, status: number, body: string, type: string) {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A GET of the gateway page, `/pay/:key` or `/pay/:key/:outcome` with one of `outcomes`:
 * the key (decoded) and the outcome; null for any other request.
 */
export function matchGatewayPage(req: http.IncomingMessage, url: URL, outcomes: readonly string[]): { key: string; outcome?: string } | null {
  const m = new RegExp(`^/pay/([^/]+)(?:/(${outcomes.join('|')}))?$`).exec(url.pathname);
  if (req.method !== 'GET' || !m) return null;
  return { key: decodeURIComponent(m[1]!), outcome: m[2] };
}

/**
 * The gateway page of `gateway` for the payment `key`: a heading, `summary` (HTML, already
 * escaped) and a link a line for each outcome, `[outcome, label]`, to `/pay/:key/:outcome`.
 */
export function gatewayPageHtml(gateway: string, key: string, summary: string, links: readonly (readonly [string, string])[]) {
  const link = ([o, label]: readonly [string, string]) => `<p><a id="${o}" href="/pay/${encodeURIComponent(key)}/${o}">${label}</a></p>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${gateway} (fake)</title></head><body><h1>${gateway} payment (fake)</h1><p>${summary}</p>${links.map(link).join('')}</body></html>`;
}
