import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * Which proxies in front of the app may be believed (TRUST_PROXY): none; a number of hops (the nearest
 * proxies, each appending the address it saw to X-Forwarded-For); or a list of proxy addresses and networks.
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'list'; proxies: BlockList; text: string };

export const NO_PROXY: TrustProxy = { kind: 'none' };

/** Node reports IPv4 peers of a dual-stack socket as `::ffff:1.2.3.4`; they are the IPv4 address. */
function plainAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/** An X-Forwarded-For entry as an address: `[v6]:port` and `v4:port` forms lose the port. */
function forwardedAddress(entry: string): string {
  const value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) return plainAddress(bracketed[1]);
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(value);
  return plainAddress(v4WithPort?.[1] ?? value);
}

/**
 * Reads TRUST_PROXY: `false`/`0` (no proxy), `true` (one hop), a whole number of hops, or a comma-separated
 * list of addresses and CIDR networks (`10.0.0.0/8, 192.0.2.7, fd00::/8`), plus `loopback`, `private` and
 * `uniquelocal` as shorthands. Throws an Error whose message says what is wrong.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false') return NO_PROXY;
  if (text === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error('must be at most 32 hops');
    return hops === 0 ? NO_PROXY : { kind: 'hops', hops };
  }
  const proxies = new BlockList();
  const shorthands: Record<string, [string, number][]> = {
    loopback: [
      ['127.0.0.0', 8],
      ['::1', 128],
    ],
    private: [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
    uniquelocal: [['fc00::', 7]],
  };
  for (const part of text.split(',').map((entry) => entry.trim())) {
    if (!part) continue;
    const named = shorthands[part];
    const networks: [string, number][] = named ?? [];
    if (!named) {
      const [address = '', prefix] = part.split('/');
      const family = isIP(address);
      if (family === 0)
        throw new Error(`must be true, false, a number of hops, or proxy addresses (got ${part})`);
      const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
      if (!/^\d+$/.test(prefix ?? '0') || bits > (family === 4 ? 32 : 128)) {
        throw new Error(`has a bad network prefix in ${part}`);
      }
      networks.push([address, bits]);
    }
    for (const [address, bits] of networks) {
      proxies.addSubnet(address, bits, isIP(address) === 4 ? 'ipv4' : 'ipv6');
    }
  }
  return { kind: 'list', proxies, text };
}

function isTrustedProxy(trust: TrustProxy & { kind: 'list' }, address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return trust.proxies.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a socket's peer is one of the trusted proxies: with a hop count every peer is taken for one, with
 * a list only the listed addresses are.
 */
export function isProxyPeer(trust: TrustProxy, address: string): boolean {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'hops') return true;
  return isTrustedProxy(trust, plainAddress(address));
}

function peerAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? plainAddress(address) : undefined;
  } catch {
    // app.request() in tests has no socket
    return undefined;
  }
}

export type ForwardedClient = {
  /** The client's address as the outermost trusted proxy saw it (or the socket's peer without a proxy). */
  ip: string;
  /** How many trusted proxies the request passed, 0 when it came straight from the client. */
  trustedHops: number;
};

/**
 * Walks X-Forwarded-For from the right, the end the proxies in front of the app wrote, and stops at the first
 * address no trusted proxy vouches for: that is the client. Entries further left are whatever the client sent
 * and are never believed. With a hop count, the peer and the `hops - 1` entries next to it are proxies; with
 * a list, every address in the list is one.
 */
export function forwardedClient(c: Context, trust: TrustProxy): ForwardedClient {
  const peer = peerAddress(c);
  const unknown = { ip: peer ?? 'unknown', trustedHops: 0 };
  if (trust.kind === 'none') return unknown;
  // Without a socket (tests) a hop count takes the peer on trust, as it does for a real one.
  if (trust.kind === 'list' && (!peer || !isTrustedProxy(trust, peer))) return unknown;
  const entries = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map(forwardedAddress)
    .filter((entry) => entry !== '');
  let trustedHops = 1;
  let client = peer ?? 'unknown';
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index] ?? '';
    client = entry;
    const moreProxies = trust.kind === 'hops' ? trustedHops < trust.hops : isTrustedProxy(trust, entry);
    if (!moreProxies || index === 0) break;
    trustedHops += 1;
  }
  return { ip: client, trustedHops };
}

/**
 * The address of the client: the socket's peer, or behind trusted proxies (TRUST_PROXY) the address the
 * outermost of them saw, never an address the client wrote into X-Forwarded-For itself.
 */
export function clientIp(c: Context, trust: TrustProxy): string {
  return forwardedClient(c, trust).ip;
}

/**
 * The protocol the client used to reach the outermost trusted proxy, from X-Forwarded-Proto as that proxy set
 * it; undefined when no trusted proxy forwarded the request or none said.
 */
export function forwardedProtocol(c: Context, trust: TrustProxy): 'http' | 'https' | undefined {
  const header = c.req.header('x-forwarded-proto');
  if (!header || trust.kind === 'none') return undefined;
  const { trustedHops } = forwardedClient(c, trust);
  if (trustedHops === 0) return undefined;
  const entries = header.split(',').map((entry) => entry.trim().toLowerCase());
  const outermost = entries[Math.max(0, entries.length - trustedHops)];
  return outermost === 'https' || outermost === 'http' ? outermost : undefined;
}

/** The network a client address belongs to: its /24 (IPv4) or /64 (IPv6, one site's LAN). */
export function clientNetwork(ip: string): string {
  const family = isIP(ip);
  if (family === 4) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (family === 6) {
    const [head = '', tail = ''] = ip.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = ip.includes('::')
      ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
      : left;
    return `${groups
      .slice(0, 4)
      .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return ip;
}
