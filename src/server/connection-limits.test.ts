import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  serverLeftovers,
  startServerProcess,
  waitForHealth,
  withMigratedDatabase,
} from './test/server-process';
import { until } from './test/until';

const { running, dirs, cleanUp } = serverLeftovers();

afterEach(cleanUp);

/** The same whatever the database: once, in the PGlite run, is enough. */
const embeddedOnly = it.skipIf(Boolean(process.env.TEST_DATABASE_URL));

// Linux routes all of 127.0.0.0/8 to the loopback: each of these is a client address of its own. The test
// process's own requests (waitForHealth) come from 127.0.0.1 and count for none of them.
const HOLDER = '127.0.0.2';
const OTHER = '127.0.0.3';
const PROXY = '127.0.0.4';

/** A ceiling for events awaited on a busy two-core machine, not a speed target. */
const CEILING_MS = 60_000;

type Probe = {
  socket: net.Socket;
  /** What the server sent on it. */
  received: () => string;
  connectedAt: number;
  /** Resolves with the time the socket closed. */
  closed: Promise<number>;
};

/** Opens a connection from `localAddress` and writes `bytes` once it is connected. */
async function connectFrom(localAddress: string, port: number, bytes: string): Promise<Probe> {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  // A refused connection may be reset; its 'close' is what the test waits for.
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error(`${localAddress}: closed before it connected`)));
  });
  const connectedAt = Date.now();
  socket.write(bytes);
  return { socket, received: () => received, connectedAt, closed };
}

function withCeiling<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const ceiling = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${CEILING_MS} ms`)), CEILING_MS);
  });
  return Promise.race([promise, ceiling]).finally(() => clearTimeout(timer));
}

/** GET /api/health on a connection of its own from `localAddress`; resolves with the status. */
function healthFrom(localAddress: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/health', localAddress, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
}

/** The status line of the first answer on `probe`, or '' when the server closed it without one. */
function answered(probe: Probe): Promise<string> {
  const answer = new Promise<string>((resolve) => {
    const check = () => {
      if (probe.received().includes('\r\n\r\n')) resolve(probe.received().split('\r\n')[0] ?? '');
    };
    probe.socket.on('data', check);
    check();
    void probe.closed.then(() => resolve(probe.received().split('\r\n')[0] ?? ''));
  });
  return withCeiling(answer, 'an answer or a close');
}

/** Headers begun and never finished, as a slow-headers attack leaves them. */
const HALF_HEADERS = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';
const WHOLE_REQUEST = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

async function startWith(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-connections-'));
  dirs.push(dir);
  const port = await freePort();
  const server = startServerProcess(
    { PORT: String(port), DATA_DIR: await withMigratedDatabase(dir), ...env },
    running,
  );
  await waitForHealth(port, server);
  return { port, server };
}

describe('connection limits (issue 35)', () => {
  embeddedOnly(
    'closes 2,000 connections that never finish their headers within the headers timeout, refuses one more from their address, and answers health checks from others throughout',
    async () => {
      const HEADERS_TIMEOUT_MS = 4000;
      const HELD = 2000;
      const { port, server } = await startWith({
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_CONNECTIONS_PER_CLIENT: String(HELD),
      });

      const held: Probe[] = [];
      // In batches, so the listen backlog (511) never drops a handshake.
      for (let batch = 0; batch < HELD / 250; batch++) {
        held.push(
          ...(await Promise.all(Array.from({ length: 250 }, () => connectFrom(HOLDER, port, HALF_HEADERS)))),
        );
      }
      const healthAnswers: Promise<number>[] = [healthFrom(OTHER, port)];
      // One more from the holder's address: it is accepted after the 2,000 before it, and refused.
      const refused = await connectFrom(HOLDER, port, HALF_HEADERS);
      const refusedAt = await withCeiling(refused.closed, 'the connection over the cap closed');
      expect(refused.received()).toBe('');
      healthAnswers.push(healthFrom(OTHER, port));

      let closedSoFar = 0;
      const closings = held.map((probe) =>
        probe.closed.then((closedAt) => {
          closedSoFar += 1;
          // Health checks while the held connections go, from the first to the last.
          if (closedSoFar % 500 === 1) healthAnswers.push(healthFrom(OTHER, port));
          return closedAt;
        }),
      );
      const closedAt = await withCeiling(Promise.all(closings), 'the held connections closed');

      const firstClose = Math.min(...closedAt);
      expect(refusedAt).toBeLessThan(firstClose);
      // Node checks the timeouts once a second here (not every 30 s, its default): some slack beyond that
      // for a loaded machine, and far below Node's default of 60 s.
      const lifetimes = held.map((probe, i) => (closedAt[i] ?? 0) - probe.connectedAt);
      expect(Math.min(...lifetimes)).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      expect(Math.max(...lifetimes)).toBeLessThan(HEADERS_TIMEOUT_MS + 1000 + 4000);
      // Closed by the headers timeout, which answers 408, not by the cap.
      expect(held.filter((probe) => probe.received().startsWith('HTTP/1.1 408'))).toHaveLength(HELD);

      healthAnswers.push(healthFrom(OTHER, port));
      expect(new Set(await Promise.all(healthAnswers))).toEqual(new Set([200]));
      // The holder's address gets in again once the server has seen its connections go.
      await until(
        () => healthFrom(HOLDER, port).catch(() => 0),
        (status) => status === 200,
      );
      expect(healthAnswers).toHaveLength(7);
      expect(server.output().match(/connections refused/g)).toHaveLength(1);
    },
    // A ceiling: a server start and 2,000 sockets on a busy two-core machine.
    120_000,
  );

  embeddedOnly(
    'refuses a client address its connections over the cap, lets other addresses in, and does not cap a trusted proxy',
    async () => {
      const { port } = await startWith({ HTTP_CONNECTIONS_PER_CLIENT: '3', TRUST_PROXY: PROXY });

      // Keep-alive connections, each answered once and then held open.
      const held = await Promise.all([1, 2, 3].map(() => connectFrom(HOLDER, port, WHOLE_REQUEST)));
      expect(await Promise.all(held.map(answered))).toEqual(Array(3).fill('HTTP/1.1 200 OK'));
      const over = await connectFrom(HOLDER, port, WHOLE_REQUEST);
      await withCeiling(over.closed, 'the connection over the cap closed');
      expect(over.received()).toBe('');

      expect(await healthFrom(OTHER, port)).toBe(200);
      const throughProxy = await Promise.all(
        Array.from({ length: 10 }, () => connectFrom(PROXY, port, WHOLE_REQUEST)),
      );
      expect(await Promise.all(throughProxy.map(answered))).toEqual(Array(10).fill('HTTP/1.1 200 OK'));

      // A held connection that ends frees its place, once the server has seen it close.
      held[0]?.socket.destroy();
      const next = await until(
        async () => {
          const probe = await connectFrom(HOLDER, port, WHOLE_REQUEST);
          return { probe, status: await answered(probe) };
        },
        ({ status }) => status === 'HTTP/1.1 200 OK',
      ).then(({ probe }) => probe);
      for (const probe of [...held, next, ...throughProxy]) probe.socket.destroy();
    },
  );
});
