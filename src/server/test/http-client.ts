import http from 'node:http';
import type { Readable } from 'node:stream';

/** An answer, read to the end. */
export type HttpAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json<T>(): T;
};

export type RequestOptions = {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is (a stream needs `headers['content-length']` unless chunked is fine). */
  body?: Buffer | Readable;
  headers?: Record<string, string>;
};

/** An open server-sent-event stream, read as text. */
export type EventStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  received(): string;
  /** Waits until the text received after `from` (an offset into `received()`) contains `needle`. */
  readUntil(needle: string, options?: { timeoutMs?: number; from?: number }): Promise<string>;
  /** Resolves when the server ends the stream (or the connection breaks): 'ended' or 'broken'. */
  ended: Promise<'ended' | 'broken'>;
  close(): void;
};

/**
 * A browser, as far as the API can tell: it keeps cookies, sends its site's Origin on writes, and talks
 * over connections from its own local address (any of 127.0.0.0/8 on Linux), so a proxy in front of the
 * app sees it as a client of its own, as per-address rate limits do. A fresh connection per request.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  readonly origin: string;

  constructor(
    readonly base: string,
    readonly options: { localAddress?: string } = {},
  ) {
    this.origin = new URL(base).origin;
  }

  private headersFor(
    method: string,
    extra: Record<string, string> = {},
    json = false,
  ): Record<string, string> {
    const headers: Record<string, string> = { ...extra };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (method !== 'GET' && method !== 'HEAD') headers.origin ??= this.origin;
    if (json) headers['content-type'] = 'application/json';
    return headers;
  }

  private keepCookies(headers: http.IncomingHttpHeaders) {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private open(method: string, path: string, options: RequestOptions) {
    const url = new URL(path, this.base);
    const json = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
    const headers = this.headersFor(method, options.headers, json !== undefined);
    const body = json ?? options.body;
    if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);
    const request = http.request(url, {
      method,
      headers,
      agent: false,
      localAddress: this.options.localAddress,
    });
    const response = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.once('error', reject);
    });
    if (body === undefined) request.end();
    else if (Buffer.isBuffer(body)) request.end(body);
    else body.pipe(request);
    return response;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
    const response = await this.open(method, path, options);
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    this.keepCookies(response.headers);
    const body = Buffer.concat(chunks);
    const text = body.toString('utf8');
    return {
      status: response.statusCode ?? 0,
      headers: response.headers,
      body,
      text,
      json: <T>() => JSON.parse(text) as T,
    };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, { headers });
  post = (path: string, json?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, { json, headers });
  put = (path: string, json?: unknown, headers?: Record<string, string>) =>
    this.request('PUT', path, { json, headers });

  /** Opens an event stream (`GET`, `Accept: text/event-stream`) and reads it as it comes. */
  async openEvents(path: string): Promise<EventStream> {
    const response = await this.open('GET', path, { headers: { accept: 'text/event-stream' } });
    let text = '';
    const waiters = new Set<() => void>();
    const wake = () => {
      for (const waiter of waiters) waiter();
    };
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
      wake();
    });
    const ended = new Promise<'ended' | 'broken'>((resolve) => {
      response.once('end', () => resolve('ended'));
      response.once('error', () => resolve('broken'));
      response.once('aborted', () => resolve('broken'));
    });
    void ended.then(wake);
    let finished = false;
    void ended.then(() => {
      finished = true;
    });
    return {
      status: response.statusCode ?? 0,
      headers: response.headers,
      received: () => text,
      readUntil(needle, { timeoutMs = 5000, from = 0 } = {}) {
        return new Promise((resolve, reject) => {
          const check = () => {
            if (text.indexOf(needle, from) >= 0) {
              done();
              resolve(text);
            } else if (finished) {
              done();
              reject(new Error(`the stream ended before "${needle}"; got:\n${text}`));
            }
          };
          const timer = setTimeout(() => {
            done();
            reject(new Error(`no "${needle}" within ${timeoutMs} ms; got:\n${text}`));
          }, timeoutMs);
          const done = () => {
            clearTimeout(timer);
            waiters.delete(check);
          };
          waiters.add(check);
          check();
        });
      },
      ended,
      close: () => response.destroy(),
    };
  }
}
