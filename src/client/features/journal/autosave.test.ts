import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosaver, type SaveOptions, type SaveStatus } from './autosave';

type Call = { value: string; options: SaveOptions; resolve: () => void; reject: (error: Error) => void };

/** A save function whose calls the test answers by hand. */
function controlledSave() {
  const calls: Call[] = [];
  const save = (value: string, options: SaveOptions) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ value, options, resolve, reject });
    });
  return { calls, save };
}

function setup(delayMs = 1000) {
  const { calls, save } = controlledSave();
  const statuses: SaveStatus[] = [];
  const errors: number[] = [];
  const saver = new Autosaver<string>({
    delayMs,
    save,
    onStatus: (status) => statuses.push(status),
    onError: (_error, failures) => errors.push(failures),
    retryMs: 500,
    maxRetryMs: 2000,
  });
  return { saver, calls, statuses, errors };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Autosaver', () => {
  it('saves the latest value once the pause after the last change has passed', async () => {
    const { saver, calls, statuses } = setup();
    saver.change('a');
    await vi.advanceTimersByTimeAsync(600);
    saver.change('ab');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    expect(saver.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.value)).toEqual(['ab']);
    expect(saver.status).toBe('saving');
    expect(saver.hasUnsaved).toBe(true);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.status).toBe('saved');
    expect(saver.hasUnsaved).toBe(false);
    expect(statuses).toEqual(['pending', 'saving', 'saved']);
  });

  it('keeps one save at a time and saves a change made during a save after it, with its own pause', async () => {
    const { saver, calls } = setup();
    saver.change('first');
    await vi.advanceTimersByTimeAsync(1000);
    saver.change('second');
    await vi.advanceTimersByTimeAsync(1000);
    // The pause of "second" is over, but "first" is still being saved.
    expect(calls.map((call) => call.value)).toEqual(['first']);
    expect(saver.unsaved).toBe('second');
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.value)).toEqual(['first', 'second']);
    calls[1]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.status).toBe('saved');
  });

  it('waits out the pause of a change made during a save that ended before it', async () => {
    const { saver, calls } = setup();
    saver.change('first');
    await vi.advanceTimersByTimeAsync(1000);
    saver.change('second');
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(saver.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((call) => call.value)).toEqual(['first', 'second']);
  });

  it('flush saves at once, waits for everything, and passes keepalive on', async () => {
    const { saver, calls } = setup();
    saver.change('typed');
    const flushed = saver.flush({ keepalive: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options).toEqual({ keepalive: true });
    saver.change('more');
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // A flush does not stop at the change made while it was saving.
    expect(calls.map((call) => call.value)).toEqual(['typed', 'more']);
    calls[1]?.resolve();
    await expect(flushed).resolves.toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it('flush with nothing to save answers true without calling save', async () => {
    const { saver, calls } = setup();
    await expect(saver.flush()).resolves.toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('keeps a value whose save failed and retries with a growing pause, capped', async () => {
    const { saver, calls, errors } = setup();
    saver.change('precious');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.status).toBe('failed');
    expect(saver.unsaved).toBe('precious');
    expect(errors).toEqual([1]);

    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    calls[1]?.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    calls[2]?.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(2000);
    calls[3]?.reject(new Error('offline'));
    // 500, 1000, 2000, then capped at 2000.
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(5);
    expect(calls.every((call) => call.value === 'precious')).toBe(true);
    calls[4]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.status).toBe('saved');
    expect(saver.hasUnsaved).toBe(false);
  });

  it('does not let a failed older save overwrite a newer change', async () => {
    const { saver, calls } = setup();
    saver.change('old');
    await vi.advanceTimersByTimeAsync(1000);
    saver.change('new');
    calls[0]?.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.unsaved).toBe('new');
    const flushed = saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.value)).toEqual(['old', 'new']);
    calls[1]?.resolve();
    await expect(flushed).resolves.toBe(true);
  });

  it('flush answers false when the save fails', async () => {
    const { saver, calls } = setup();
    saver.change('x');
    const flushed = saver.flush();
    calls[0]?.reject(new Error('server error'));
    await expect(flushed).resolves.toBe(false);
    expect(saver.hasUnsaved).toBe(true);
  });

  it('discard drops the waiting value; stop ends timers and reports but lets a save finish', async () => {
    const { saver, calls, statuses } = setup();
    saver.change('dropped');
    saver.discard();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(0);
    expect(saver.status).toBe('idle');

    saver.change('last words');
    const flushed = saver.flush();
    saver.stop();
    const reported = statuses.length;
    calls[0]?.resolve();
    await expect(flushed).resolves.toBe(true);
    expect(statuses).toHaveLength(reported);
    saver.change('after stop');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
  });
});

describe('Autosaver.leave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the newest value with keepalive at once, even while another save is under way', async () => {
    const { saver, calls } = setup();
    saver.change('older');
    await vi.advanceTimersByTimeAsync(1000);
    saver.change('newest');
    saver.leave();
    expect(calls.map((call) => [call.value, call.options.keepalive ?? false])).toEqual([
      ['older', false],
      ['newest', true],
    ]);
    calls[0]?.resolve();
    calls[1]?.resolve();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it('sends through the normal path when nothing else is under way, and does nothing when all is saved', async () => {
    const { saver, calls } = setup();
    saver.leave();
    expect(calls).toHaveLength(0);
    saver.change('bye');
    saver.leave();
    expect(calls.map((call) => call.options)).toEqual([{ keepalive: true }]);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.status).toBe('saved');
  });

  it('keeps the value when the keepalive send fails and the page is still there', async () => {
    const { saver, calls } = setup();
    saver.change('older');
    await vi.advanceTimersByTimeAsync(1000);
    saver.change('newest');
    saver.leave();
    calls[1]?.reject(new Error('offline'));
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.unsaved).toBe('newest');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.at(-1)?.value).toBe('newest');
  });
});
