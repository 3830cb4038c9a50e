import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { isProxyPeer, type TrustProxy } from './client-ip';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import { createSlots } from './slots';

/** How long a connection may take over its parts (HTTP_*_TIMEOUT_MS, decision 035). */
export type HttpLimits = {
  /** From the connection (or the end of the last request on it) to the end of the request's headers. */
  headersTimeoutMs: number;
  /** From the start of a request to the end of its body: a 100 MB video upload must fit into it. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveTimeoutMs: number;
  /** Open connections one client address may hold; trusted proxies are not counted against it. */
  connectionsPerClient: number;
};

/** Refusals are logged at most this often, with the count since the last line. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Node's server options for these limits. Node checks the headers and request timeouts every
 * `connectionsCheckingInterval` (30 s by default), which would let a connection outlive a 10 s headers
 * timeout by 30 s; here it is checked every second at most, which is a walk over the open connections.
 */
export function httpServerOptions(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.floor(limits.headersTimeoutMs / 2)),
  };
}

/**
 * Closes, on arrival, a connection whose client address holds `connectionsPerClient` open ones already, so
 * one address cannot take the process's file descriptors (issue 35). Counted by the socket's peer: a peer
 * that TRUST_PROXY names as a proxy carries everyone's connections and is not capped.
 */
export function capConnectionsPerClient(
  server: Server,
  deps: {
    limit: number;
    trustProxy: TrustProxy;
    logger: Logger;
    metrics: Pick<Metrics, 'connectionRefused'>;
    now?: () => number;
  },
): void {
  const now = deps.now ?? Date.now;
  const slots = createSlots(deps.limit);
  let refusedSinceLog = 0;
  let lastLogAt = Number.NEGATIVE_INFINITY;

  const refuse = (socket: Socket, address: string) => {
    socket.destroy();
    deps.metrics.connectionRefused();
    refusedSinceLog += 1;
    if (now() - lastLogAt < REFUSAL_LOG_INTERVAL_MS) return;
    deps.logger.warn(
      { address, limit: deps.limit, refused: refusedSinceLog },
      'connections refused: a client address holds HTTP_CONNECTIONS_PER_CLIENT open connections',
    );
    lastLogAt = now();
    refusedSinceLog = 0;
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isProxyPeer(deps.trustProxy, address)) return;
    const release = slots.take(address);
    if (!release) return refuse(socket, address);
    socket.once('close', release);
  });
}
