/**
 * Onboarding answers saved from more than one device (issue 34, decision 064): each answer has a version of
 * its own, counted up by every save that changes it. A save names the versions it was written over; an answer
 * that changed elsewhere since is never replaced by text that did not see it.
 */

/** The answers as stored, each with its version (0: never saved). */
export type VersionedAnswers = { texts: string[]; versions: number[] };

export type AnswersMerge = { ok: true; value: VersionedAnswers } | { ok: false; changed: number[] };

const versionAt = (versions: readonly number[], index: number) => versions[index] ?? 0;

/**
 * The stored answers with a save's answers applied by position (positions not sent stay). An answer equal to
 * the stored one changes nothing; a different one is written only over the version it names, and counts its
 * version up. When any answer changed since its named version, nothing is written: `changed` lists them.
 */
export function applyAnswers(
  stored: VersionedAnswers,
  incoming: { answers: readonly string[]; baseVersions: readonly number[] },
): AnswersMerge {
  const length = Math.max(stored.texts.length, incoming.answers.length);
  const texts = Array.from({ length }, (_, index) => stored.texts[index] ?? '');
  const versions = Array.from({ length }, (_, index) => versionAt(stored.versions, index));
  const changed: number[] = [];
  incoming.answers.forEach((answer, index) => {
    if (answer === texts[index]) return;
    if (versionAt(incoming.baseVersions, index) !== versions[index]) {
      changed.push(index);
      return;
    }
    texts[index] = answer;
    versions[index] = (versions[index] ?? 0) + 1;
  });
  return changed.length > 0 ? { ok: false, changed } : { ok: true, value: { texts, versions } };
}

export type AnswersReconciled = {
  /** The answers to show: the other device's where this one had not changed them, this one's elsewhere. */
  answers: string[];
  /** The versions they now build on: the stored ones. */
  base: VersionedAnswers;
  /** Answers changed on both sides to different texts: the person chooses. */
  conflicts: number[];
};

/**
 * After a save was refused, what this device had (`mine`, written over `base`) against what is stored now
 * (`theirs`): an answer not changed here takes the stored text; one changed only here keeps this device's
 * text, as does one changed on both sides to the same text; one changed on both sides to different texts is
 * a conflict, kept as written here until the person chooses.
 */
export function reconcileAnswers(
  mine: readonly string[],
  base: VersionedAnswers,
  theirs: VersionedAnswers,
): AnswersReconciled {
  const length = Math.max(mine.length, theirs.texts.length);
  const answers: string[] = [];
  const conflicts: number[] = [];
  for (let index = 0; index < length; index += 1) {
    const stored = theirs.texts[index] ?? '';
    const written = mine[index] ?? stored;
    const untouched = index >= mine.length || written === (base.texts[index] ?? '');
    const unchangedThere = versionAt(theirs.versions, index) === versionAt(base.versions, index);
    answers.push(untouched ? stored : written);
    if (!untouched && !unchangedThere && written !== stored) conflicts.push(index);
  }
  return { answers, base: theirs, conflicts };
}
