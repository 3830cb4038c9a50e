import { pino } from 'pino';

export type Logger = pino.Logger;

export function createLogger(options: { level: string; name?: string }): Logger {
  return pino({
    name: options.name ?? 'mirror',
    level: options.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}
