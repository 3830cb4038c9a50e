import { MAX_ANSWER_LENGTH, ONBOARDING_QUESTIONS } from '@shared/domain/profile-analysis';

/**
 * The six onboarding steps (spec §2, §4, §5): step 0 asks the first name, steps 1–5 the questions. Step
 * indexes are 0-based here; the page shows them 1-based.
 */
export const LAST_STEP = ONBOARDING_QUESTIONS - 1;

/** Saved answers as one per question: missing ones blank, extra ones dropped, each within the limit. */
export function answersForSteps(saved: readonly string[]): string[] {
  return Array.from({ length: ONBOARDING_QUESTIONS }, (_, step) =>
    (saved[step] ?? '').slice(0, MAX_ANSWER_LENGTH),
  );
}

export function isAnswered(answer: string | undefined): boolean {
  return (answer ?? '').trim().length > 0;
}

/** Where a returning person picks up: the first question without an answer, else the last one. */
export function resumeStep(answers: readonly string[]): number {
  const open = answers.findIndex((answer, step) => step <= LAST_STEP && !isAnswered(answer));
  return open === -1 ? LAST_STEP : open;
}

/** The key in the history entry's state that remembers the question on screen, for a reload. */
export const ONBOARDING_STEP_STATE = 'onboardingStep';

/**
 * The step to open: the one this history entry was on (a reload stays on its question), or else where a
 * returning person picks up.
 */
export function stepToOpen(answers: readonly string[], historyState: unknown): number {
  const kept = (historyState as Record<string, unknown> | null)?.[ONBOARDING_STEP_STATE];
  if (typeof kept === 'number' && Number.isInteger(kept) && kept >= 0 && kept <= LAST_STEP) return kept;
  return resumeStep(answers);
}

/** Spec §5: Next needs a non-blank answer. */
export function canGoNext(answers: readonly string[], step: number): boolean {
  return step < LAST_STEP && isAnswered(answers[step]);
}

/** Spec §2: Skip is on every step but the last. */
export function canSkip(step: number): boolean {
  return step < LAST_STEP;
}

export function canGoBack(step: number): boolean {
  return step > 0;
}

/**
 * "Complete Profile" on the last step is not Next, and the last step has no Skip: if it needed an answer,
 * someone who does not want to answer the last question could not finish. So it is always allowed; the
 * analysis falls back to its defaults for a blank answer (spec §9).
 */
export function canComplete(step: number): boolean {
  return step === LAST_STEP;
}

/** The answers with one replaced, kept within the length the server accepts. */
export function withAnswer(answers: readonly string[], step: number, answer: string): string[] {
  return answers.map((current, index) => (index === step ? answer.slice(0, MAX_ANSWER_LENGTH) : current));
}
