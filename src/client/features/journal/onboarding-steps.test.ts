import { MAX_ANSWER_LENGTH } from '@shared/domain/profile-analysis';
import { describe, expect, it } from 'vitest';
import {
  answersForSteps,
  canComplete,
  canGoBack,
  canGoNext,
  canSkip,
  LAST_STEP,
  resumeStep,
  stepToOpen,
  withAnswer,
} from './onboarding-steps';

describe('onboarding steps', () => {
  it('has six steps', () => {
    expect(LAST_STEP).toBe(5);
    expect(answersForSteps([])).toEqual(['', '', '', '', '', '']);
  });

  it('fills saved answers into the six steps, dropping extras and cutting overlong ones', () => {
    const long = 'x'.repeat(MAX_ANSWER_LENGTH + 5);
    expect(answersForSteps(['Ana', long])).toEqual(['Ana', 'x'.repeat(MAX_ANSWER_LENGTH), '', '', '', '']);
    expect(answersForSteps(['1', '2', '3', '4', '5', '6', '7'])).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('resumes at the first unanswered question, or at the last one when all are answered', () => {
    expect(resumeStep(answersForSteps([]))).toBe(0);
    expect(resumeStep(answersForSteps(['Ana', 'trust']))).toBe(2);
    expect(resumeStep(answersForSteps(['Ana', '   ', 'closeness']))).toBe(1);
    expect(resumeStep(['a', 'b', 'c', 'd', 'e', 'f'])).toBe(5);
  });

  it('opens again on the question a reload left, else where the answers pick up', () => {
    const answers = answersForSteps(['Ana', 'trust']);
    expect(stepToOpen(answers, { onboardingStep: 1, usr: null })).toBe(1);
    expect(stepToOpen(answers, { onboardingStep: 4 })).toBe(4);
    for (const state of [
      null,
      undefined,
      {},
      { onboardingStep: 6 },
      { onboardingStep: -1 },
      { onboardingStep: '1' },
    ])
      expect(stepToOpen(answers, state)).toBe(2);
  });

  it('allows Next only with a non-blank answer and never on the last step', () => {
    const answers = ['Ana', '  ', 'x', 'x', 'x', 'x'];
    expect(canGoNext(answers, 0)).toBe(true);
    expect(canGoNext(answers, 1)).toBe(false);
    expect(canGoNext(answers, 5)).toBe(false);
  });

  it('offers Skip on all but the last step, Back on all but the first, Complete only on the last', () => {
    expect([0, 1, 2, 3, 4, 5].map(canSkip)).toEqual([true, true, true, true, true, false]);
    expect([0, 1, 2, 3, 4, 5].map(canGoBack)).toEqual([false, true, true, true, true, true]);
    expect([0, 1, 2, 3, 4, 5].map(canComplete)).toEqual([false, false, false, false, false, true]);
  });

  it('replaces one answer without touching the others', () => {
    const before = answersForSteps(['Ana', 'trust']);
    const after = withAnswer(before, 1, 'honesty');
    expect(after).toEqual(['Ana', 'honesty', '', '', '', '']);
    expect(before[1]).toBe('trust');
    expect(withAnswer(before, 2, 'y'.repeat(MAX_ANSWER_LENGTH + 1))[2]).toHaveLength(MAX_ANSWER_LENGTH);
  });
});
