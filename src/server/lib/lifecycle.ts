/**
 * Where the process is in its life. Once it is shutting down, `GET /api/ready` answers 503 (so a load
 * balancer takes it out of rotation) and every answer closes its connection (so no client or proxy keeps
 * a kept-alive connection to a process that is about to stop listening).
 */
export type Lifecycle = {
  readonly shuttingDown: boolean;
  beginShutdown(): void;
};

export function createLifecycle(): Lifecycle {
  let shuttingDown = false;
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
  };
}
