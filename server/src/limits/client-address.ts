/**
 * Which address a request comes from, for the per-address limits.
 *
 * By default: the TCP peer (`socket.remoteAddress`); `X-Forwarded-For` is
 * ignored, since any client can write it. Behind a reverse proxy, set
 * `FIRESIDE_TRUST_PROXY` to the proxy's addresses: a list of addresses and
 * CIDR ranges, and proxy-addr's names `loopback`, `linklocal` and
 * `uniquelocal` (express's `trust proxy` list, read by the same library).
 * The header is then read from the right, only while the address that
 * handed it on is trusted: the client is the first untrusted address, the
 * one the outermost trusted proxy saw and appended. A peer that is not in
 * the list is the client, whatever header it sends: a client reaching the
 * port directly cannot pose as other addresses.
 *
 * A count of proxies (`1`, `true`, the old form of the setting) is refused at
 * start: it trusted whoever connected, so that a client reaching the port
 * directly could write any address into the header.
 *
 * Addresses are then folded into the key the limits count (`addressKey`): an
 * IPv4 address as itself (also when it arrives IPv4-mapped, `::ffff:a.b.c.d`),
 * an IPv6 address as its /64, the smallest block a home or a server is given:
 * one client holds billions of addresses of its /64.
 */
import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';
import { ConfigError } from '../config/env.js';

/** Decides whether the address at position `hop` (0: the TCP peer) is a trusted proxy. */
export type TrustTest = (address: string, hop: number) => boolean;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const NONE = new Set(['', '0', 'false', 'no', 'none']);

/**
 * FIRESIDE_TRUST_PROXY as a list of addresses, ranges and names; empty when
 * no proxy is trusted. ConfigError for anything else (a count, a typo), with
 * the form the setting takes.
 */
export function trustListFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = (env.FIRESIDE_TRUST_PROXY ?? '').trim();
  if (NONE.has(raw.toLowerCase())) return [];
  const form =
    'FIRESIDE_TRUST_PROXY lists the addresses of your reverse proxies, comma-separated: addresses, CIDR ranges, or loopback, linklocal, uniquelocal (e.g. FIRESIDE_TRUST_PROXY=loopback for a proxy on the same machine, or the subnet of a Compose network such as 172.18.0.0/16)';
  if (/^(\d+|true|yes)$/i.test(raw)) {
    throw new ConfigError(`FIRESIDE_TRUST_PROXY=${raw} (a count of proxies) is no longer accepted: it trusted any peer's X-Forwarded-For. ${form}.`);
  }
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const entry of list) {
    if (!NAMED_RANGES.has(entry) && !validRange(entry))
      throw new ConfigError(`FIRESIDE_TRUST_PROXY: "${entry}" is not an address, a range or a known name. ${form}.`);
  }
  return list;
}

function validRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !ipaddr.isValid(address)) return false;
  if (bits === undefined) return true;
  const max = ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** The trust test of a list (proxy-addr's); nothing is trusted for an empty list. */
export function compileTrust(list: readonly string[]): TrustTest {
  return list.length === 0 ? () => false : proxyaddr.compile([...list]);
}

/**
 * The client's address: the TCP peer, or with trusted proxies the first
 * address from the right of `X-Forwarded-For` not handed on by a trusted one.
 */
export function clientAddress(req: IncomingMessage, trust: TrustTest): string {
  const peer = req.socket?.remoteAddress;
  if (peer === undefined) return 'unknown';
  return (trust(peer, 0) ? proxyaddr(req, trust) : peer) ?? peer;
}

/** The key the limits count an address under: IPv4 as is (also IPv4-mapped), IPv6 by its /64. */
export function addressKey(address: string): string {
  const a = address.trim();
  if (!ipaddr.isValid(a)) return a;
  const ip = ipaddr.parse(a);
  if (ip.kind() === 'ipv4') return ip.toString();
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
