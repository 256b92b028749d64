/**
 * The client's address, by one rule used everywhere (every per-address limit, the audit log,
 * sessions, the pages' load context): the connection's peer, or — only when that peer is a proxy
 * named by `TRUST_PROXY` — the right-most address in `X-Forwarded-For` that is not itself a
 * trusted proxy (proxy-addr's walk: a client can prepend anything, but it can't write past the
 * proxy that appended its real address). Fastify is given the same compiled rule
 * (`trustProxy` in server/app.ts), so `request.ip`, `request.host` and `request.protocol` agree
 * with what the limits count.
 *
 * `TRUST_PROXY` takes what fastify and Express take: the names `loopback`, `linklocal`,
 * `uniquelocal`, IP addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`, `10.0.0.1/255.0.0.0`),
 * as a comma list; `true` (every peer: only when nothing can reach the server but its proxy);
 * `false` or `none` (no proxy). A hop count is refused: it can't tell a proxy from a client that
 * connects directly and sends the header itself (fastify ignores one for the same reason).
 */
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether the `i`-th address from the server's side (0: the peer) is a proxy we believe. */
export type TrustFunction = (address: string, hop: number) => boolean;

export const DEFAULT_TRUST_PROXY = 'loopback';

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY` compiled into the function fastify and `clientAddress` use; throws, naming the
 * variable, on a value that is not one of the forms above (checked when the config is loaded).
 */
export function compileTrustProxy(setting: string | undefined): TrustFunction {
  const value = (setting ?? '').trim() || DEFAULT_TRUST_PROXY;
  const lower = value.toLowerCase();
  if (lower === 'true') return () => true;
  if (lower === 'false' || lower === 'none') return () => false;
  if (/^\d+$/.test(value)) {
    throw new Error(`TRUST_PROXY=${value}: a hop count can't tell a proxy from a client; name the proxies' addresses or ranges instead (e.g. 10.0.0.0/8)`);
  }
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean).map((e) => (NAMES.has(e.toLowerCase()) ? e.toLowerCase() : e));
  try {
    return proxyAddr.compile(entries);
  } catch (error) {
    throw new Error(`TRUST_PROXY=${value}: ${(error as Error).message} (expected loopback, linklocal, uniquelocal, IP addresses or CIDR ranges, comma separated, or true)`);
  }
}

/** `::ffff:203.0.113.9` (an IPv4 client on a dual-stack socket) is `203.0.113.9`: one client, one key. */
function plain(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/**
 * The client address rate limits count against: `request.ip` as fastify works it out with the
 * compiled `TRUST_PROXY` rule (server/app.ts hands fastify exactly that rule). Never empty:
 * a request without a socket address (injected in tests) is `unknown`.
 */
export function clientAddress(request: FastifyRequest): string {
  if (!warned && forwardedCheck) forwardedCheck(request);
  return plain(request.ip || request.socket?.remoteAddress || '') || 'unknown';
}

const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'] as const;

/** One warning per process is enough to tell an operator that TRUST_PROXY is not set for their proxy. */
let warned = false;
let forwardedCheck: ((request: FastifyRequest) => void) | null = null;

/**
 * Logs one warning (once per process) when a request carries forwarded headers from a peer that
 * `TRUST_PROXY` does not name: behind a proxy that is not trusted every client has the proxy's
 * address, so every per-address limit is shared by all customers. Looked at where the address is
 * read (`clientAddress`: every page, every limited call), not in a hook every request pays for.
 */
export function installForwardedWarning(_app: FastifyInstance, trust: TrustFunction, setting: string): void {
  forwardedCheck = (request) => {
    const headers = request.headers;
    if (!FORWARDED.some((h) => headers[h] !== undefined)) return;
    const peer = request.socket?.remoteAddress;
    if (!peer || trust(peer, 0)) return;
    warned = true;
    request.log.warn(
      { peer: plain(peer), trust_proxy: setting || DEFAULT_TRUST_PROXY },
      'forwarded headers (X-Forwarded-For/-Host/-Proto) came from a peer TRUST_PROXY does not name; they are ignored. Behind a reverse proxy, set TRUST_PROXY to its address (docs/deploy.md)',
    );
  };
}

/** Tests: the warning may be logged again. */
export function resetForwardedWarning(): void {
  warned = false;
}
