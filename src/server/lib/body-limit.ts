import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './api';

/** What every request body may weigh unless its route allows more: plenty for any JSON the API takes. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How much of its body a request may send, and whether it tried to send more. Set per request by
 * `requestBodyLimit`; a route raises it with `allowBody` before anything reads the body.
 */
export type BodyAllowance = {
  /** null: the route streams the body and enforces its own limit while it does (uploads). */
  maxBytes: number | null;
  exceeded: boolean;
};

function tooLarge(allowance: BodyAllowance): Error {
  allowance.exceeded = true;
  return new Error('request body over its limit');
}

/**
 * The body as a stream that stops at the allowance: a declared Content-Length over it fails the first read
 * before a byte is taken from the socket, and a body without one fails as soon as the count passes it. So
 * no more than the allowance is ever buffered, whoever reads the body (the JSON validator, an upload).
 */
function limitedBody(raw: Request, body: ReadableStream<Uint8Array>, allowance: BodyAllowance) {
  const reader = body.getReader();
  const declared = Number(raw.headers.get('content-length') ?? Number.NaN);
  let received = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const max = allowance.maxBytes;
        if (max !== null && received === 0 && declared > max) return controller.error(tooLarge(allowance));
        const { done, value } = await reader.read();
        if (done) return controller.close();
        received += value.byteLength;
        if (max !== null && received > max) return controller.error(tooLarge(allowance));
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
      // Nothing is pulled before someone reads: a route's `allowBody` must get to raise the limit first.
    },
    { highWaterMark: 0 },
  );
}

/**
 * Every request's body is limited to DEFAULT_BODY_LIMIT_BYTES unless its route says otherwise (`allowBody`).
 * The limit holds while the body is read, so it costs nothing for requests whose body nobody reads. An
 * over-limit body makes the reader fail and `c.var.bodyAllowance.exceeded` true; the app answers 413.
 */
export function requestBodyLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const allowance: BodyAllowance = { maxBytes: DEFAULT_BODY_LIMIT_BYTES, exceeded: false };
    c.set('bodyAllowance', allowance);
    const raw = c.req.raw;
    const body = raw.body;
    if (body) {
      c.req.raw = new Request(raw, {
        body: limitedBody(raw, body, allowance),
        // Node's fetch needs this for a streamed request body.
        duplex: 'half',
      } as RequestInit);
    }
    return next();
  };
}

/**
 * A route's own body limit, for the few that need more than the default (`bytes`) or stream their body into
 * storage with a limit of their own (`'streamed'`). Put it in the route's `middleware`.
 */
export function allowBody(limit: number | 'streamed'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const allowance = c.get('bodyAllowance');
    if (allowance) allowance.maxBytes = limit === 'streamed' ? null : limit;
    return next();
  };
}
