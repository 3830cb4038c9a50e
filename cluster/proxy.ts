import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer in front of the cluster's app processes, behaving as nginx or Caddy do with the
 * settings in docs/deploy.md:
 * - round robin over the processes whose `GET /api/ready` answered 200 at the last health check (every
 *   `healthIntervalMs`): one that answers 503 (shutting down) or refuses the connection leaves rotation at
 *   once, one whose check times out (busy) after three in a row;
 * - the client's request body is read whole first (nginx's request buffering), so a request whose
 *   connection to a process cannot even be opened is sent to the next one; once sent, it is never sent
 *   twice (nginx does not repeat a POST either), and a process that fails it fails it (502);
 * - `X-Forwarded-For` gets the client's address appended; a new connection to the process per request
 *   (nginx's default), and responses are streamed as they come (no buffering: server-sent events).
 * Test aids: `X-Cluster-Backend: <index>` on a request pins it to that process; every answer names the
 * process in `X-Cluster-Backend`.
 */

export type Backend = { index: number; port: number };

export type ProxiedRequest = {
  method: string;
  path: string;
  backend: number | null;
  status: number;
  /** Why the proxy answered 502 (or broke the stream), when it did. */
  error?: string;
};

export type RoundRobinProxy = {
  url: string;
  port: number;
  /** Every request so far, in the order they finished. */
  log: ProxiedRequest[];
  /** The processes that passed the last health check. */
  healthy(): number[];
  /** Resolves once `index` is in (true) or out of (false) rotation. */
  waitForHealth(index: number, healthy: boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function withoutHopByHop(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders) {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name.toLowerCase()) && value !== undefined) kept[name] = value;
  }
  return kept;
}

/** GET /api/ready of one process: 'ready' on 200, 'unready' on another answer or a refused connection. */
function checkReady(port: number, timeoutMs: number): Promise<'ready' | 'unready' | 'timeout'> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/ready', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200 ? 'ready' : 'unready');
    });
    request.setTimeout(timeoutMs, () => {
      request.destroy();
      resolve('timeout');
    });
    request.on('error', () => resolve('unready'));
  });
}

/** Checks that time out in a row before a process leaves rotation (a busy process is slow, not gone). */
const TIMEOUTS_TO_FAIL = 3;

export async function startProxy(options: {
  port: number;
  backends: Backend[];
  healthIntervalMs?: number;
}): Promise<RoundRobinProxy> {
  const interval = options.healthIntervalMs ?? 200;
  const healthy = new Set<number>();
  const timeouts = new Map<number, number>();
  const log: ProxiedRequest[] = [];
  const waiters = new Set<() => void>();
  let next = 0;
  let closed = false;

  const check = async (backend: Backend) => {
    const outcome = await checkReady(backend.port, 2000);
    const missed = outcome === 'timeout' ? (timeouts.get(backend.index) ?? 0) + 1 : 0;
    timeouts.set(backend.index, missed);
    const had = healthy.has(backend.index);
    const ok = outcome === 'ready' || (outcome === 'timeout' && had && missed < TIMEOUTS_TO_FAIL);
    if (ok) healthy.add(backend.index);
    else healthy.delete(backend.index);
    if (ok !== had) for (const wake of waiters) wake();
  };
  // Each process has its own loop, so a slow one does not delay what the others' checks find.
  const loop = async (backend: Backend) => {
    while (!closed) {
      await new Promise((resolve) => setTimeout(resolve, interval));
      await check(backend);
    }
  };
  await Promise.all(options.backends.map(check));
  const checking = Promise.all(options.backends.map(loop));

  /** The processes to try for a request, in order: the next healthy ones, round robin. */
  const candidates = (pinned: number | null): Backend[] => {
    if (pinned !== null) return options.backends.filter((backend) => backend.index === pinned);
    const inRotation = options.backends.filter((backend) => healthy.has(backend.index));
    if (inRotation.length === 0) return [];
    const start = next++ % inRotation.length;
    return [...inRotation.slice(start), ...inRotation.slice(0, start)];
  };

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const pinnedHeader = request.headers['x-cluster-backend'];
    const pinned = typeof pinnedHeader === 'string' ? Number(pinnedHeader) : null;
    const entry: ProxiedRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      backend: null,
      status: 0,
    };
    const client = request.socket.remoteAddress ?? 'unknown';
    const forwarded = request.headers['x-forwarded-for'];
    const headers = withoutHopByHop(request.headers);
    delete headers['x-cluster-backend'];
    headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${client}` : client;
    headers['x-forwarded-proto'] = 'http';
    headers['content-length'] = String(body.length);

    let logged = false;
    const done = () => {
      if (!logged) log.push(entry);
      logged = true;
    };
    const fail = (error: string) => {
      if (logged) return;
      entry.status = 502;
      entry.error = error;
      done();
      if (!response.headersSent)
        response.writeHead(502, { 'content-type': 'text/plain' }).end(`bad gateway: ${error}`);
      else response.destroy();
    };

    for (const backend of candidates(pinned)) {
      const outcome = await new Promise<'sent' | 'refused'>((resolve) => {
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: backend.port,
            method: request.method,
            path: request.url,
            headers,
            agent: false,
          },
          (answer) => {
            entry.backend = backend.index;
            entry.status = answer.statusCode ?? 0;
            response.writeHead(answer.statusCode ?? 502, {
              ...withoutHopByHop(answer.headers),
              'x-cluster-backend': String(backend.index),
            });
            answer.pipe(response);
            answer.on('end', done);
            let clientGone = false;
            // A client that goes away (a closed event stream) is no failure of the process.
            answer.on('aborted', () =>
              clientGone ? done() : fail(`process ${backend.index} broke off the answer`),
            );
            response.on('close', () => {
              if (!answer.complete) clientGone = true;
              answer.destroy();
            });
            resolve('sent');
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          // Nothing reached the process when its connection could not be opened: the next one may take it.
          if (error.code === 'ECONNREFUSED') resolve('refused');
          else {
            fail(`process ${backend.index}: ${error.code ?? error.message}`);
            resolve('sent');
          }
        });
        upstream.end(body);
      });
      if (outcome === 'sent') return;
    }
    fail(pinned === null ? 'no process is ready' : `process ${pinned} refused the connection`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log,
    healthy: () => [...healthy].sort(),
    waitForHealth(index, wanted, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (healthy.has(index) !== wanted) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`process ${index} did not become ${wanted ? 'ready' : 'unready'} in ${timeoutMs} ms`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await checking;
    },
  };
}
