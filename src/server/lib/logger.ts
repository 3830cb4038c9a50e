import { pino } from 'pino';

export type Logger = pino.Logger;

/**
 * Parts of errors that quote the values of a query, and so may hold a person's reflections, e-mail
 * address or a token: Drizzle's `params` (also appended to its message), PostgreSQL's `detail` ("Key
 * (email)=(…) already exists") and `where`, node-postgres's `parameters`.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'data', 'body']);
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;
const MAX_CAUSES = 5;

/** Drizzle puts `params: …` on the lines after "Failed query: <sql>", before the stack's frames. */
function withoutParams(text: string): string {
  const frames = text.indexOf('\n    at ');
  if (frames === -1) return text.replace(PARAMS_IN_MESSAGE, '');
  return text.slice(0, frames).replace(PARAMS_IN_MESSAGE, '') + text.slice(frames);
}

/**
 * Errors as JSON for the log, minus anything that may quote stored values. The SQL of a failed query stays
 * (it has placeholders, not values), so a log still says which statement failed. Causes are kept as
 * `cause`, each cleaned the same way.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const serialized: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: withoutParams(error.message),
    stack: error.stack ? withoutParams(error.stack) : undefined,
  };
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || key === 'cause' || key in serialized) continue;
    serialized[key] = value instanceof Error ? serializeError(value, depth + 1) : value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES)
    serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

export function createLogger(options: {
  level: string;
  name?: string;
  /** Where the JSON lines go; standard output unless given (tests collect them). */
  destination?: pino.DestinationStream;
}): Logger {
  return pino(
    {
      name: options.name ?? 'mirror',
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}
