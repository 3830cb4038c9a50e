import { type AttemptLog, EMPTY_ATTEMPT_LOG } from '@shared/domain/waitlist';

const KEY = 'mirror.waitlist.attempts';

/** The browser's own count of waiting-list attempts (spec §5 checks 3 and 4); bad stored values are ignored. */
export function readAttemptLog(): AttemptLog {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return EMPTY_ATTEMPT_LOG;
    const { windowStartedAt, count, lastAttemptAt } = value as Record<string, unknown>;
    if (typeof windowStartedAt !== 'number' || typeof count !== 'number') return EMPTY_ATTEMPT_LOG;
    return {
      windowStartedAt,
      count,
      lastAttemptAt: typeof lastAttemptAt === 'number' ? lastAttemptAt : null,
    };
  } catch {
    return EMPTY_ATTEMPT_LOG;
  }
}

export function writeAttemptLog(log: AttemptLog) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(log));
  } catch {
    // storage unavailable: the server's own limits still apply
  }
}
