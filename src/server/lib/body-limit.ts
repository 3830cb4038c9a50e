import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './api';
import { apiError } from './api';

/** What every request body may weigh unless its route allows more: plenty for any JSON the API takes. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How much of its body a request may send (from its route), and whether it tried to send more. null: the
 * route streams the body and enforces its own limit while it does (uploads).
 */
export type BodyAllowance = { maxBytes: number | null; exceeded: boolean };

const ALLOWANCE = Symbol('body allowance');
type AllowanceHandler = MiddlewareHandler & { [ALLOWANCE]?: number | 'streamed' };

/**
 * A route's own body limit, for the few that need more than the default (`bytes`) or stream their body into
 * storage with a limit of their own (`'streamed'`). Put it in the route's `middleware`: `requestBodyLimit`
 * finds it among the handlers the request matched, before anything runs.
 */
export function allowBody(limit: number | 'streamed'): MiddlewareHandler<AppEnv> {
  const handler: AllowanceHandler = (_c, next) => next();
  handler[ALLOWANCE] = limit;
  return handler;
}

function allowanceOf(c: Context): number | null {
  let limit: number | null = DEFAULT_BODY_LIMIT_BYTES;
  for (const route of matchedRoutes(c)) {
    const declared = (route.handler as AllowanceHandler)[ALLOWANCE];
    if (declared !== undefined) limit = declared === 'streamed' ? null : declared;
  }
  return limit;
}

function tooLarge(c: Context<AppEnv>, allowance: BodyAllowance) {
  allowance.exceeded = true;
  // The client may still be sending; it need not, and this connection is not reused.
  c.header('Connection', 'close');
  return c.req.path.startsWith('/api/')
    ? apiError(c, 413, 'payload_too_large')
    : c.text('Payload too large', 413);
}

/**
 * The body as a stream that fails as soon as its count passes `maxBytes`, so no more than that is ever
 * buffered, whoever reads it. Nothing is taken from the request until someone reads.
 */
function countedBody(raw: Request, allowance: BodyAllowance, maxBytes: number) {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let received = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= raw.body?.getReader();
        const next = reader ? await reader.read() : { done: true as const, value: undefined };
        if (next.done) return controller.close();
        received += next.value.byteLength;
        if (received > maxBytes) {
          allowance.exceeded = true;
          return controller.error(new Error('request body over its limit'));
        }
        controller.enqueue(next.value);
      },
      cancel(reason) {
        return reader?.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Limits every request's body to DEFAULT_BODY_LIMIT_BYTES, or what its route allows (`allowBody`), before
 * a byte of it is buffered: a declared Content-Length over the limit is answered 413 at once (Node's parser
 * holds a body to its declared length), and a body without one is counted as it is read, the reader failing
 * past the limit (the app then answers 413: `c.var.bodyAllowance.exceeded`). A body nobody reads costs
 * nothing and is left to the server to discard.
 */
export function requestBodyLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const allowance: BodyAllowance = { maxBytes: allowanceOf(c), exceeded: false };
    c.set('bodyAllowance', allowance);
    const { maxBytes } = allowance;
    if (maxBytes === null || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined) {
      return /^\d+$/.test(declared) && Number(declared) > maxBytes ? tooLarge(c, allowance) : next();
    }
    if (c.req.raw.body) {
      const raw = c.req.raw;
      c.req.raw = new Request(raw, {
        body: countedBody(raw, allowance, maxBytes),
        // Node's fetch needs this for a streamed request body.
        duplex: 'half',
      } as RequestInit);
    }
    return next();
  };
}
