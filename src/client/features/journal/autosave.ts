/**
 * Debounced saving of a value that keeps changing (onboarding answers, a day's reflection). One save at a
 * time, always of the latest value; a change during a save is saved after it; a failed save keeps the value
 * and tries again with a growing pause, so nothing typed is dropped.
 */

/** `pending`: changed, waiting for the pause; `failed`: the last try failed, another is planned. */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export type SaveOptions = { keepalive?: boolean };

export type AutosaverOptions<T> = {
  /** The pause after the last change before saving (spec §9: 1 s onboarding, 2 s reflections). */
  delayMs: number;
  save: (value: T, options: SaveOptions) => Promise<unknown>;
  onStatus?: (status: SaveStatus) => void;
  /** Called on every failed try with the number of failures in a row. */
  onError?: (error: unknown, failuresInRow: number) => void;
  /** The pause before the first retry; it doubles per failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
};

export class Autosaver<T> {
  readonly #options: Required<Omit<AutosaverOptions<T>, 'onStatus' | 'onError'>> &
    Pick<AutosaverOptions<T>, 'onStatus' | 'onError'>;
  /** The latest value not yet handed to a save. */
  #pending: { value: T } | null = null;
  /** The value of the save under way, and that save. */
  #saving: { value: T; done: Promise<void> } | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #failures = 0;
  #status: SaveStatus = 'idle';
  #stopped = false;

  constructor(options: AutosaverOptions<T>) {
    this.#options = { retryMs: 3000, maxRetryMs: 30_000, ...options };
  }

  get status(): SaveStatus {
    return this.#status;
  }

  /** Whether something typed has not been confirmed saved yet (waiting, under way or failed). */
  get hasUnsaved(): boolean {
    return this.#pending !== null || this.#saving !== null;
  }

  /** The newest value that is not confirmed saved, if any. */
  get unsaved(): T | undefined {
    return (this.#pending ?? this.#saving)?.value;
  }

  /** A new value: saved once no other change came for `delayMs`. */
  change(value: T) {
    this.#pending = { value };
    this.#setStatus('pending');
    this.#arm(this.#options.delayMs);
  }

  /**
   * Saves now instead of after the pause (leaving a step, blur, the save button, the page going away) and
   * waits for it. True when everything typed is saved.
   */
  flush(options: SaveOptions = {}): Promise<boolean> {
    clearTimeout(this.#timer);
    return this.#drain(options, true);
  }

  /** Forgets the unsaved value without saving it (when another request carries it, say). */
  discard() {
    clearTimeout(this.#timer);
    this.#pending = null;
    if (!this.#saving) this.#setStatus('idle');
  }

  /**
   * The page is going away (pagehide): send the newest unsaved value at once with keepalive. It cannot wait
   * for a save under way, because nothing runs after the page is gone.
   */
  leave() {
    clearTimeout(this.#timer);
    const next = this.#pending;
    if (!next) return;
    if (!this.#saving) {
      void this.#drain({ keepalive: true }, true);
      return;
    }
    this.#pending = null;
    this.#options.save(next.value, { keepalive: true }).catch(() => {
      // Still here after all (the page came back from the back-forward cache): try again later.
      this.#pending ??= next;
      this.#setStatus('failed');
      this.#arm(this.#options.retryMs);
    });
  }

  /** No more timers or status reports; a save already under way still finishes. */
  stop() {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  /** Undoes `stop` (React runs effects twice in development: set up, clean up, set up again). */
  start() {
    this.#stopped = false;
    if (this.#pending) this.#arm(this.#options.delayMs);
  }

  #arm(delayMs: number) {
    clearTimeout(this.#timer);
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#drain({}, false), delayMs);
  }

  #setStatus(status: SaveStatus) {
    if (this.#status === status) return;
    this.#status = status;
    if (!this.#stopped) this.#options.onStatus?.(status);
  }

  /** Saves the pending value; with `all`, also whatever changes during that save, until nothing is left. */
  async #drain(options: SaveOptions, all: boolean): Promise<boolean> {
    // One save at a time: wait for the one under way, then save whatever is newest.
    while (this.#saving) await this.#saving.done;
    const next = this.#pending;
    if (!next) return this.#failures === 0;
    this.#pending = null;
    this.#setStatus('saving');
    let ok = false;
    const done = this.#options.save(next.value, options).then(
      () => {
        this.#saving = null;
        this.#failures = 0;
        ok = true;
      },
      (error: unknown) => {
        this.#saving = null;
        this.#failures += 1;
        // Keep the value, unless something newer replaced it meanwhile.
        this.#pending ??= next;
        if (!this.#stopped) this.#options.onError?.(error, this.#failures);
      },
    );
    this.#saving = { value: next.value, done };
    await done;
    if (!ok) {
      this.#setStatus('failed');
      const { retryMs, maxRetryMs } = this.#options;
      this.#arm(Math.min(retryMs * 2 ** (this.#failures - 1), maxRetryMs));
      return false;
    }
    if (this.#pending) {
      this.#setStatus('pending');
      // Without `all`, the pause of that newer change is already running and saves it.
      return all ? this.#drain(options, all) : false;
    }
    this.#setStatus('saved');
    return true;
  }
}
