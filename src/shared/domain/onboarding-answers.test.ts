import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAnswers, reconcileAnswers, type VersionedAnswers } from './onboarding-answers';

const stored: VersionedAnswers = { texts: ['Anna', 'Trust', ''], versions: [1, 2, 0] };

describe('applyAnswers', () => {
  it('writes answers over the versions they name and counts those up', () => {
    expect(
      applyAnswers(stored, { answers: ['Anna', 'Trust and time', 'Home'], baseVersions: [1, 2, 0] }),
    ).toEqual({ ok: true, value: { texts: ['Anna', 'Trust and time', 'Home'], versions: [1, 3, 1] } });
  });

  it('keeps positions that were not sent, and fills gaps with empty answers', () => {
    expect(applyAnswers(stored, { answers: ['Ana'], baseVersions: [1] })).toEqual({
      ok: true,
      value: { texts: ['Ana', 'Trust', ''], versions: [2, 2, 0] },
    });
    expect(applyAnswers({ texts: [], versions: [] }, { answers: ['Ben', 'x'], baseVersions: [] })).toEqual({
      ok: true,
      value: { texts: ['Ben', 'x'], versions: [1, 1] },
    });
  });

  it('writes nothing when an answer changed since the version the save names', () => {
    expect(applyAnswers(stored, { answers: ['Anna', 'Old text', 'Home'], baseVersions: [1, 1, 0] })).toEqual({
      ok: false,
      changed: [1],
    });
  });

  it('takes a text equal to the stored one as agreement, whatever version it names', () => {
    expect(applyAnswers(stored, { answers: ['Anna', 'Trust'], baseVersions: [0, 0] })).toEqual({
      ok: true,
      value: stored,
    });
  });

  it('never replaces a text with one written over another version (property)', () => {
    const answers = fc.array(fc.constantFrom('', 'a', 'b', 'c'), { maxLength: 6 });
    const versions = fc.array(fc.nat(3), { maxLength: 6 });
    fc.assert(
      fc.property(answers, versions, answers, versions, (texts, storedVersions, incoming, base) => {
        const before = { texts, versions: storedVersions };
        const result = applyAnswers(before, { answers: incoming, baseVersions: base });
        if (!result.ok) return;
        result.value.texts.forEach((text, index) => {
          const previous = texts[index] ?? '';
          if (text === previous) return;
          expect(base[index] ?? 0).toBe(storedVersions[index] ?? 0);
          expect(result.value.versions[index]).toBe((storedVersions[index] ?? 0) + 1);
        });
      }),
    );
  });
});

describe('reconcileAnswers', () => {
  const base: VersionedAnswers = { texts: ['Anna', 'Trust', 'Home'], versions: [1, 1, 1] };
  const theirs: VersionedAnswers = { texts: ['Anna', 'Trust, said the phone', 'Home'], versions: [1, 2, 1] };

  it('takes the stored text where this device changed nothing', () => {
    expect(reconcileAnswers(['Anna', 'Trust', 'Home, written here'], base, theirs)).toEqual({
      answers: ['Anna', 'Trust, said the phone', 'Home, written here'],
      base: theirs,
      conflicts: [],
    });
  });

  it('keeps what was written here where both sides changed the same answer, and names it', () => {
    expect(reconcileAnswers(['Anna', 'Trust, said the laptop', 'Home'], base, theirs)).toEqual({
      answers: ['Anna', 'Trust, said the laptop', 'Home'],
      base: theirs,
      conflicts: [1],
    });
  });

  it('agrees when both sides wrote the same text', () => {
    expect(reconcileAnswers(['Anna', 'Trust, said the phone'], base, theirs).conflicts).toEqual([]);
  });
});
