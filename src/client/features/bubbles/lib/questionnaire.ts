/**
 * The category questionnaire (spec §2, §4, §5): 0 intro, 1 category name, 2 who, 3 name, 4 when,
 * 5 importance, then the profile. What each step needs before it lets the person continue.
 */
import {
  type Bubble,
  type Category,
  DEFAULT_IMPORTANCE,
  IMPORTANCE_MAX,
  IMPORTANCE_MIN,
  isWhenOption,
  MAX_BUBBLE_NAME_LENGTH,
  WHO_OPTIONS,
  type WhenOption,
} from '@shared/domain/bubbles';

export const STEPS = ['intro', 'category', 'who', 'name', 'when', 'importance'] as const;
export type Step = (typeof STEPS)[number];
export const LAST_STEP = STEPS.length - 1;

export type Answers = {
  whoTrusted: string[];
  name: string;
  when: WhenOption | null;
  importance: number;
};

export const EMPTY_ANSWERS: Answers = {
  whoTrusted: [],
  name: '',
  when: null,
  importance: DEFAULT_IMPORTANCE,
};

export type StepError = 'whoRequired' | 'nameRequired' | 'nameTooLong' | 'whenRequired';

/** Why the person cannot continue from `step` yet, or null when they can. */
export function stepError(step: Step, answers: Answers, category: Category): StepError | null {
  switch (step) {
    case 'who':
      return answers.whoTrusted.some((id) => WHO_OPTIONS[category].includes(id)) ? null : 'whoRequired';
    case 'name': {
      const name = answers.name.trim();
      if (name === '') return 'nameRequired';
      return name.length > MAX_BUBBLE_NAME_LENGTH ? 'nameTooLong' : null;
    }
    case 'when':
      return answers.when !== null && isWhenOption(answers.when) ? null : 'whenRequired';
    default:
      return null;
  }
}

/** The first step whose answer is missing, or null when all are given. */
export function firstIncompleteStep(answers: Answers, category: Category): number | null {
  const index = STEPS.findIndex((step) => stepError(step, answers, category) !== null);
  return index === -1 ? null : index;
}

/** Adds or removes one answer of the who question, keeping the question's order. */
export function toggleWho(category: Category, chosen: readonly string[], id: string): string[] {
  const next = chosen.includes(id) ? chosen.filter((item) => item !== id) : [...chosen, id];
  return WHO_OPTIONS[category].filter((option) => next.includes(option));
}

export function clampImportance(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_IMPORTANCE;
  return Math.min(IMPORTANCE_MAX, Math.max(IMPORTANCE_MIN, Math.round(value)));
}

/** The answered moment as a bubble, or null while an answer is missing. */
export function buildBubble(
  category: Category,
  answers: Answers,
  { id, now }: { id: string; now: Date },
): Bubble | null {
  if (firstIncompleteStep(answers, category) !== null || answers.when === null) return null;
  return {
    id,
    category,
    whoTrusted: answers.whoTrusted.filter((who) => WHO_OPTIONS[category].includes(who)),
    name: answers.name.trim(),
    when: answers.when,
    importance: clampImportance(answers.importance),
    createdAt: now.toISOString(),
  };
}

/**
 * An answer in progress (kept in the category's answer cookie, spec §3/§9), so Back and a reload return to
 * the same step with the same answers. `owner` is the signed-in person's id, or null for a visitor: on a
 * shared browser nobody is shown another person's unfinished answer.
 */
export type AnswerDraft = { step: number; answers: Answers; owner: string | null };

export function draftJson(draft: AnswerDraft): string {
  const { step, answers, owner } = draft;
  return JSON.stringify({ step, ...answers, owner });
}

/**
 * The draft in `raw` for this category and person, or null when there is none, it is not one (bad JSON, a
 * saved answer of old without a step) or it is someone else's. Answers that do not fit the category are
 * dropped, and the step goes no further than the first one still unanswered.
 */
export function parseDraft(raw: string | null, category: Category, owner: string | null): AnswerDraft | null {
  if (raw === null || raw === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const item = parsed as Record<string, unknown>;
  if (typeof item.step !== 'number' || !Number.isInteger(item.step)) return null;
  if ((item.owner ?? null) !== owner) return null;
  const whoTrusted = Array.isArray(item.whoTrusted)
    ? WHO_OPTIONS[category].filter((option) => (item.whoTrusted as unknown[]).includes(option))
    : [];
  const answers: Answers = {
    whoTrusted,
    name: typeof item.name === 'string' ? item.name.slice(0, MAX_BUBBLE_NAME_LENGTH) : '',
    when: typeof item.when === 'string' && isWhenOption(item.when) ? item.when : null,
    importance: typeof item.importance === 'number' ? clampImportance(item.importance) : DEFAULT_IMPORTANCE,
  };
  const reachable = firstIncompleteStep(answers, category) ?? LAST_STEP;
  const step = Math.max(0, Math.min(item.step, reachable, LAST_STEP));
  return { step, answers, owner };
}
