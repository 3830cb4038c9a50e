import { describe, expect, it } from 'vitest';
import { resendCountdown } from './resend-countdown';

describe('resendCountdown', () => {
  it('shows minutes and two-digit seconds, rounding a part of a second up', () => {
    expect(resendCountdown(45)).toBe('0:45');
    expect(resendCountdown(60)).toBe('1:00');
    expect(resendCountdown(5.2)).toBe('0:06');
    expect(resendCountdown(725)).toBe('12:05');
    expect(resendCountdown(-3)).toBe('0:00');
  });
});
