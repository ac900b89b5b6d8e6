/**
 * Which address a request comes from, for the per-address limits.
 *
 * By default: the TCP peer (`socket.remoteAddress`); `X-Forwarded-For` is
 * ignored, since any client can write it. Behind reverse proxies, set
 * `FIRESIDE_TRUST_PROXY` to how many proxies stand in front of the server
 * (`true` means 1). Each proxy appends the address it saw to the header, so
 * with N trusted proxies the client is the N-th entry from the right: the
 * one the outermost trusted proxy appended. Entries to its left were written
 * by the client itself (or by proxies we know nothing of) and are never used:
 * taking the left-most entry would let one client pose as any number of
 * addresses and walk around every limit.
 */
import type { IncomingMessage } from 'node:http';

/** How many reverse proxies are trusted (0: none, `X-Forwarded-For` ignored). */
export function trustedProxies(env: NodeJS.ProcessEnv = process.env): number {
  const raw = (env.FIRESIDE_TRUST_PROXY ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0' || raw === 'no') return 0;
  if (raw === 'true' || raw === 'yes') return 1;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 10 ? n : 0;
}

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is 1.2.3.4. */
function normalize(address: string): string {
  const a = address.trim();
  return a.startsWith('::ffff:') && a.includes('.') ? a.slice(7) : a;
}

export function clientAddress(req: IncomingMessage, proxies: number): string {
  const peer = normalize(req.socket.remoteAddress ?? 'unknown');
  if (proxies === 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const hops = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (hops.length === 0) return peer;
  // Fewer entries than trusted proxies: the left-most one is the best we know.
  return normalize(hops[Math.max(0, hops.length - proxies)]);
}
