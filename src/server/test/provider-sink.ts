import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake provider received, its body parsed as JSON (or the raw text when it is not JSON). */
export type ProviderRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
};

export type ProviderSink = {
  /** `http://127.0.0.1:<port>`: pass it as MAIL_PROVIDER_API_URL / `apiUrl`. */
  url: string;
  requests: ProviderRequest[];
  /** The answer to every following request; by default 200 `{ id }`, as Resend answers a send. */
  respondWith(status: number, body?: unknown): void;
  waitForRequests(count: number, timeoutMs?: number): Promise<ProviderRequest[]>;
  /** Forgets the requests and answers the default again. */
  reset(): void;
  close(): Promise<void>;
};

/** An HTTP server on a free port of 127.0.0.1 that records requests the way Resend's API would receive them. */
export async function startProviderSink(): Promise<ProviderSink> {
  const requests: ProviderRequest[] = [];
  const waiters = new Set<() => void>();
  let answer: { status: number; body: unknown } | undefined;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text.
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      for (const wake of waiters) wake();
      const { status, body: responseBody } = answer ?? { status: 200, body: { id: randomUUID() } };
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof responseBody === 'string' ? responseBody : JSON.stringify(responseBody));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith(status, body) {
      answer = { status, body: body ?? {} };
    },
    reset() {
      requests.length = 0;
      answer = undefined;
    },
    waitForRequests(count, timeoutMs = 10_000) {
      if (requests.length >= count) return Promise.resolve(requests.slice());
      return new Promise((resolve, reject) => {
        const wake = () => {
          if (requests.length < count) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(requests.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `provider sink: expected ${count} requests within ${timeoutMs} ms, got ${requests.length}`,
            ),
          );
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
