/** The client's address under this server's proxy rules: what per-address limits count against. */
import type { FastifyRequest } from 'fastify';

const PRIVATE_PEER = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|f[cd][0-9a-f]{2}:)/i;

/**
 * The client address rate limits count against. `X-Forwarded-For` is believed only when the
 * connection comes from a proxy on this machine or a private network, and then only its last
 * entry (the one that proxy added): a client can't dodge per-address limits by sending the
 * header itself. (`request.ip` trusts the header from anyone.)
 */
export function clientAddress(request: FastifyRequest): string {
  const peer = (request.socket?.remoteAddress ?? '').replace(/^::ffff:/, '');
  const forwarded = request.headers['x-forwarded-for'];
  if (forwarded && PRIVATE_PEER.test(peer)) {
    const hops = String(forwarded).split(',').map((h) => h.trim()).filter(Boolean);
    if (hops.length) return hops[hops.length - 1]!;
  }
  return peer || request.ip;
}
