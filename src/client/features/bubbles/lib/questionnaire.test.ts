import { DEFAULT_IMPORTANCE, WHO_OPTIONS } from '@shared/domain/bubbles';
import { describe, expect, it } from 'vitest';
import {
  type Answers,
  buildBubble,
  clampImportance,
  draftJson,
  EMPTY_ANSWERS,
  firstIncompleteStep,
  LAST_STEP,
  parseDraft,
  STEPS,
  stepError,
  toggleWho,
} from './questionnaire';

const complete: Answers = { whoTrusted: ['partner'], name: ' Emma ', when: 'today', importance: 7 };

describe('the steps (spec §2, §4)', () => {
  it('are intro, category name, who, name, when, importance', () => {
    expect(STEPS).toEqual(['intro', 'category', 'who', 'name', 'when', 'importance']);
    expect(EMPTY_ANSWERS.importance).toBe(DEFAULT_IMPORTANCE);
  });
});

describe('stepError (spec §5)', () => {
  it('asks for at least one who of the category', () => {
    expect(stepError('who', EMPTY_ANSWERS, 'Trust')).toBe('whoRequired');
    expect(stepError('who', { ...EMPTY_ANSWERS, whoTrusted: ['therapist'] }, 'Trust')).toBe('whoRequired');
    expect(stepError('who', { ...EMPTY_ANSWERS, whoTrusted: ['therapist'] }, 'Vulnerability')).toBeNull();
  });

  it('asks for a name that is not blank and at most 80 characters', () => {
    expect(stepError('name', { ...EMPTY_ANSWERS, name: '   ' }, 'Trust')).toBe('nameRequired');
    expect(stepError('name', { ...EMPTY_ANSWERS, name: 'x'.repeat(81) }, 'Trust')).toBe('nameTooLong');
    expect(stepError('name', { ...EMPTY_ANSWERS, name: ` ${'x'.repeat(80)} ` }, 'Trust')).toBeNull();
  });

  it('asks for a when', () => {
    expect(stepError('when', EMPTY_ANSWERS, 'Trust')).toBe('whenRequired');
    expect(stepError('when', { ...EMPTY_ANSWERS, when: 'years_ago' }, 'Trust')).toBeNull();
  });

  it('lets the intro, the category and the importance pass', () => {
    for (const step of ['intro', 'category', 'importance'] as const) {
      expect(stepError(step, EMPTY_ANSWERS, 'Trust')).toBeNull();
    }
  });

  it('names the first step still to answer', () => {
    expect(firstIncompleteStep(EMPTY_ANSWERS, 'Trust')).toBe(2);
    expect(firstIncompleteStep({ ...complete, when: null }, 'Trust')).toBe(4);
    expect(firstIncompleteStep(complete, 'Trust')).toBeNull();
  });
});

describe('toggleWho', () => {
  it("adds and removes, in the question's order", () => {
    let chosen = toggleWho('Trust', [], 'self');
    chosen = toggleWho('Trust', chosen, 'partner');
    expect(chosen).toEqual(['partner', 'self']);
    expect(toggleWho('Trust', chosen, 'partner')).toEqual(['self']);
    expect(WHO_OPTIONS.Trust.indexOf('partner')).toBeLessThan(WHO_OPTIONS.Trust.indexOf('self'));
  });
});

describe('buildBubble', () => {
  const now = new Date('2025-03-17T09:00:00.000Z');

  it('makes the answered bubble, the name trimmed', () => {
    expect(buildBubble('Trust', complete, { id: 'id-1', now })).toEqual({
      id: 'id-1',
      category: 'Trust',
      whoTrusted: ['partner'],
      name: 'Emma',
      when: 'today',
      importance: 7,
      createdAt: '2025-03-17T09:00:00.000Z',
    });
  });

  it('makes nothing while an answer is missing', () => {
    expect(buildBubble('Trust', { ...complete, name: '' }, { id: 'id-1', now })).toBeNull();
    expect(buildBubble('Trust', { ...complete, whoTrusted: [] }, { id: 'id-1', now })).toBeNull();
  });

  it('keeps importance whole and within 0–10', () => {
    expect(clampImportance(11)).toBe(10);
    expect(clampImportance(-1)).toBe(0);
    expect(clampImportance(4.6)).toBe(5);
    expect(clampImportance(Number.NaN)).toBe(5);
    expect(buildBubble('Trust', { ...complete, importance: 0 }, { id: 'id', now })?.importance).toBe(0);
  });
});

describe('the answer in progress (the answer cookie)', () => {
  const draft = { step: 4, answers: { ...complete, name: 'Emma' }, owner: 'user-1' };

  it('reads back what was written, for the same person', () => {
    expect(parseDraft(draftJson(draft), 'Trust', 'user-1')).toEqual(draft);
    const visitor = { step: 1, answers: EMPTY_ANSWERS, owner: null };
    expect(parseDraft(draftJson(visitor), 'Trust', null)).toEqual(visitor);
  });

  it("is nobody else's: another person, or a visitor, on the same browser starts afresh", () => {
    expect(parseDraft(draftJson(draft), 'Trust', 'user-2')).toBeNull();
    expect(parseDraft(draftJson(draft), 'Trust', null)).toBeNull();
  });

  it('ignores bad JSON, a value that is not an object and a saved answer without a step', () => {
    for (const raw of [null, '', '{oops', '[1]', '"text"', JSON.stringify({ ...complete, owner: null })]) {
      expect(parseDraft(raw, 'Trust', null)).toBeNull();
    }
  });

  it('goes no further than the first step still unanswered, and no further than the last', () => {
    const partial = { step: 5, answers: { ...EMPTY_ANSWERS, whoTrusted: ['partner'] }, owner: null };
    expect(parseDraft(draftJson(partial), 'Trust', null)?.step).toBe(STEPS.indexOf('name'));
    expect(parseDraft(draftJson({ ...draft, step: 99 }), 'Trust', 'user-1')?.step).toBe(LAST_STEP);
    expect(parseDraft(draftJson({ ...draft, step: -3 }), 'Trust', 'user-1')?.step).toBe(0);
  });

  it('drops answers that do not fit the category or the questions', () => {
    const raw = JSON.stringify({
      step: 2,
      whoTrusted: ['therapist', 'partner', 7],
      name: 'x'.repeat(200),
      when: 'yesterday-ish',
      importance: 42,
      owner: null,
    });
    const parsed = parseDraft(raw, 'Trust', null);
    expect(parsed?.answers).toEqual({
      whoTrusted: ['partner'],
      name: 'x'.repeat(80),
      when: null,
      importance: 10,
    });
  });
});
