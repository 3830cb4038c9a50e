import { INTRO_TO_APP_MS } from '@shared/domain/bubbles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleIntroExit } from './intro-exit';

describe('scheduleIntroExit', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('marks the transition and opens /app after 2 s, in that order', () => {
    const calls: string[] = [];
    scheduleIntroExit({ markTransition: () => calls.push('flag'), goToApp: () => calls.push('navigate') });
    expect(INTRO_TO_APP_MS).toBe(2000);
    vi.advanceTimersByTime(INTRO_TO_APP_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['flag', 'navigate']);
    vi.advanceTimersByTime(10_000);
    expect(calls).toEqual(['flag', 'navigate']);
  });

  it('does nothing once cancelled, not even the flag', () => {
    const markTransition = vi.fn();
    const goToApp = vi.fn();
    const cancel = scheduleIntroExit({ markTransition, goToApp });
    vi.advanceTimersByTime(1500);
    cancel();
    vi.advanceTimersByTime(INTRO_TO_APP_MS);
    expect(markTransition).not.toHaveBeenCalled();
    expect(goToApp).not.toHaveBeenCalled();
  });
});
