import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, clientNetwork, forwardedClient, forwardedProtocol, parseTrustProxy } from './client-ip';

/** What the app sees of a request from `peer` (the socket's address) with these headers. */
async function seen(trustProxy: string, peer: string | undefined, headers: Record<string, string> = {}) {
  const trust = parseTrustProxy(trustProxy);
  const app = new Hono();
  app.get('/', (c) =>
    c.json({
      ...forwardedClient(c, trust),
      ip: clientIp(c, trust),
      protocol: forwardedProtocol(c, trust) ?? 'unsaid',
    }),
  );
  const env = peer ? { incoming: { socket: { remoteAddress: peer, remotePort: 4000 } } } : undefined;
  const response = await app.request('http://mirror.test/', { headers }, env);
  return (await response.json()) as { ip: string; trustedHops: number; protocol: string };
}

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it('believes no header without a trusted proxy', async () => {
    expect(await seen('false', '203.0.113.9', { 'x-forwarded-for': '1.2.3.4' })).toMatchObject({
      ip: '203.0.113.9',
      trustedHops: 0,
    });
  });

  it('takes the entry the one trusted proxy appended, not the leftmost one the client wrote (true = 1 hop)', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; its proxy appended the address it really came from.
    const headers = { 'x-forwarded-for': '6.6.6.6, 198.51.100.23' };
    expect((await seen('true', '10.0.0.2', headers)).ip).toBe('198.51.100.23');
    expect((await seen('1', '10.0.0.2', headers)).ip).toBe('198.51.100.23');
  });

  it('counts hops from the right', async () => {
    const headers = { 'x-forwarded-for': '6.6.6.6, 198.51.100.23, 10.0.0.7' };
    expect(await seen('2', '10.0.0.2', headers)).toMatchObject({ ip: '198.51.100.23', trustedHops: 2 });
    expect((await seen('3', '10.0.0.2', headers)).ip).toBe('6.6.6.6');
    // Fewer entries than hops: the leftmost is the best there is.
    expect((await seen('5', '10.0.0.2', { 'x-forwarded-for': '198.51.100.23' })).ip).toBe('198.51.100.23');
  });

  it('with a list, skips every listed proxy from the right and stops at the first other address', async () => {
    const trust = '10.0.0.0/8, 192.0.2.7, fd00::/8';
    const headers = { 'x-forwarded-for': '6.6.6.6, 198.51.100.23, 192.0.2.7, 10.1.2.3' };
    expect(await seen(trust, '10.0.0.2', headers)).toMatchObject({ ip: '198.51.100.23', trustedHops: 3 });
    expect((await seen(trust, '::ffff:10.0.0.2', headers)).ip).toBe('198.51.100.23');
    expect((await seen(trust, 'fd00::1', { 'x-forwarded-for': '[2001:db8::5]:443' })).ip).toBe('2001:db8::5');
    expect((await seen('loopback', '127.0.0.1', { 'x-forwarded-for': '198.51.100.9:5555' })).ip).toBe(
      '198.51.100.9',
    );
  });

  it('with a list, believes nothing from a peer that is not a listed proxy', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.23', 'x-forwarded-proto': 'https' };
    expect(await seen('10.0.0.0/8', '203.0.113.9', headers)).toEqual({
      ip: '203.0.113.9',
      trustedHops: 0,
      protocol: 'unsaid',
    });
  });

  it('reads X-Forwarded-Proto as the outermost trusted proxy set it', async () => {
    expect((await seen('1', '10.0.0.2', { 'x-forwarded-proto': 'http' })).protocol).toBe('http');
    expect((await seen('1', '10.0.0.2', { 'x-forwarded-proto': 'https' })).protocol).toBe('https');
    // Two appending proxies: the first one (the client's side) saw https.
    const twoProxies = { 'x-forwarded-for': '198.51.100.23, 10.0.0.7', 'x-forwarded-proto': 'https, http' };
    expect((await seen('2', '10.0.0.2', twoProxies)).protocol).toBe('https');
    expect((await seen('false', '10.0.0.2', { 'x-forwarded-proto': 'https' })).protocol).toBe('unsaid');
    // A proxy that says nothing leaves the protocol unknown (never "http", which would redirect forever).
    expect((await seen('1', '10.0.0.2')).protocol).toBe('unsaid');
  });

  it('refuses values that are neither a switch, a hop count nor addresses', () => {
    expect(() => parseTrustProxy('yes')).toThrow(/proxy addresses/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/prefix/);
    expect(() => parseTrustProxy('99')).toThrow(/32 hops/);
    expect(parseTrustProxy('0')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('TRUE')).toEqual({ kind: 'hops', hops: 1 });
  });
});

describe('the network of a client address', () => {
  it('is the /24 of an IPv4 address and the /64 of an IPv6 address', () => {
    expect(clientNetwork('198.51.100.23')).toBe('198.51.100.0/24');
    expect(clientNetwork('2001:db8:0:12:1:2:3:4')).toBe('2001:db8:0:12::/64');
    expect(clientNetwork('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:db8:0:12::')).toBe('2001:db8:0:12::/64');
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
