import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_PROFILE_LABELS, analyzeOnboarding, DEFAULT_LABELS } from './profile-analysis';

const answers = (...texts: string[]) => texts;

describe('onboarding analysis', () => {
  it('takes the first answer as the first name', () => {
    expect(analyzeOnboarding(answers('  Ada  ', '', '', '', '', '')).firstName).toBe('Ada');
    expect(analyzeOnboarding(answers('   ')).firstName).toBeNull();
  });

  it('reads English answers into the three lists', () => {
    const result = analyzeOnboarding(
      answers(
        'Ada',
        'I need honesty and someone who really listens to me.',
        'We talked all night and I felt deeply understood.',
        'With my sister I can be myself without judgement.',
        'When my friends support me and are there for me.',
        'I want to learn saying no and to handle conflict instead of avoiding it.',
      ),
    );
    expect(result.what_matters).toEqual(['trust', 'communication']);
    expect(result.where_safe).toEqual(['acceptance', 'support']);
    expect(result.edges).toEqual(['boundaries/saying_no', 'communication/conflict']);
  });

  it('reads German answers, whatever the case', () => {
    const result = analyzeOnboarding(
      answers(
        'Grete',
        'VERTRAUEN und dass man mir zuhört.',
        'Als wir uns ganz nah waren, voller Zärtlichkeit.',
        'Bei meiner Oma fühle ich mich sicher und angenommen.',
        'Wenn jemand für mich da ist.',
        'Ich möchte mich öffnen und verletzlich sein dürfen.',
      ),
    );
    expect(result.what_matters).toEqual(['trust', 'communication', 'intimacy']);
    expect(result.where_safe).toEqual(['acceptance', 'support', 'trust']);
    expect(result.edges).toEqual(['vulnerability & intimacy']);
  });

  it('keeps at most three labels per list', () => {
    const everything = 'trust boundaries talk close worth';
    expect(analyzeOnboarding(answers('x', everything, everything, '', '', '')).what_matters).toHaveLength(3);
  });

  it('uses the defaults of spec §9 when nothing matches', () => {
    const result = analyzeOnboarding(answers('Sam', 'pizza', 'mountains', 'blue', 'seven', 'jazz'));
    expect([result.what_matters, result.where_safe, result.edges]).toEqual([
      [DEFAULT_LABELS.what_matters],
      [DEFAULT_LABELS.where_safe],
      [DEFAULT_LABELS.edges],
    ]);
    expect(DEFAULT_LABELS).toEqual({
      what_matters: 'connection',
      where_safe: 'acceptance',
      edges: 'vulnerability & intimacy',
    });
  });

  it('never throws, and always gives one to three known labels per list', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 8 }), (texts) => {
        const result = analyzeOnboarding(texts);
        for (const list of [result.what_matters, result.where_safe, result.edges]) {
          expect(list.length).toBeGreaterThanOrEqual(1);
          expect(list.length).toBeLessThanOrEqual(3);
          for (const label of list) expect(ALL_PROFILE_LABELS).toContain(label);
        }
      }),
    );
  });
});
