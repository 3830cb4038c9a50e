import type { Logger } from './logger';

export type Worker = { name: string; stop(): Promise<void> };

/**
 * Runs `task` every `intervalMs` (with a little jitter so several app processes do not run in lockstep),
 * the first time after `firstRunMs` when given. Runs never overlap; `stop()` waits for the run in progress
 * to finish.
 */
export function startIntervalWorker(options: {
  name: string;
  intervalMs: number;
  firstRunMs?: number;
  task: () => Promise<void>;
  logger: Logger;
}): Worker {
  const { name, intervalMs, task, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (delayMs = intervalMs) => {
    if (stopped) return;
    const jitter = Math.round(delayMs * 0.1 * Math.random());
    timer = setTimeout(tick, delayMs + jitter);
    timer.unref();
  };
  const tick = () => {
    running = task()
      .catch((error: unknown) => logger.error({ err: error, worker: name }, 'worker run failed'))
      .finally(() => {
        running = undefined;
        schedule();
      });
  };
  schedule(options.firstRunMs);

  return {
    name,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
