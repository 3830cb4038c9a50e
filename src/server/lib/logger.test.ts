import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger, serializeError } from './logger';

const PRIVATE = 'what I never told anyone';

function collect() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => lines.push(line) } });
  return { logger, text: () => lines.join('') };
}

describe('the error log', () => {
  it('keeps the statement of a failed query but none of its values', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      detail: `Failing row contains (${PRIVATE}).`,
    });
    const error = new DrizzleQueryError(
      'insert into "entries" ("content_text") values ($1)',
      [PRIVATE],
      cause,
    );
    const { logger, text } = collect();
    logger.error({ err: error }, 'unhandled error');
    const logged = text();
    expect(logged).toContain('insert into \\"entries\\"');
    expect(logged).toContain('22021');
    expect(logged).not.toContain(PRIVATE);
    expect(logged).not.toContain('params');
  });

  it('leaves other errors as pino would show them', () => {
    const serialized = serializeError(Object.assign(new Error('boom'), { code: 'E_BOOM' })) as Record<
      string,
      unknown
    >;
    expect(serialized).toMatchObject({ type: 'Error', message: 'boom', code: 'E_BOOM' });
    expect(String(serialized.stack)).toContain('logger.test.ts');
    expect(serializeError('plain')).toBe('plain');
  });
});
