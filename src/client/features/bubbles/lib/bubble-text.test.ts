import { I18N_OPTIONS } from '@client/lib/i18n';
import { testBubble } from '@shared/domain/test-bubbles';
import de from '@shared/i18n/de.json';
import en from '@shared/i18n/en.json';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { categorySummary, profileSummary } from './bubble-text';

const translators: Record<'en' | 'de', TFunction> = {} as Record<'en' | 'de', TFunction>;
beforeAll(async () => {
  for (const [locale, messages] of [
    ['en', en],
    ['de', de],
  ] as const) {
    const i18n = createInstance();
    await i18n.init({ ...I18N_OPTIONS, lng: locale, resources: { [locale]: { translation: messages } } });
    translators[locale] = i18n.t;
  }
});

describe('the profile’s summary', () => {
  it('says there is nothing yet, in both languages', () => {
    expect(categorySummary(translators.en, { locale: 'en', category: 'Trust', own: [] })).toBe(
      'You have not saved a moment in “Trust” yet. Answer a question to start this part of your profile.',
    );
    expect(profileSummary(translators.de, [])).toMatch(/^Du hast noch keine Momente gespeichert/);
  });

  it('is made from the person’s own answers', () => {
    const own = [
      testBubble({ whoTrusted: ['partner', 'self'], name: 'Robin', importance: 9 }),
      testBubble({ whoTrusted: ['partner'], name: 'Sam', importance: 6 }),
    ];
    expect(categorySummary(translators.en, { locale: 'en', category: 'Trust', own })).toBe(
      'You have saved 2 moments in “Trust”. Who they are about most: Partner and Myself. ' +
        'Names you gave: Robin and Sam. On average they matter 7.5 out of 10 to you; the most important one is Robin (9/10).',
    );
    expect(categorySummary(translators.de, { locale: 'de', category: 'Trust', own: own.slice(1) })).toBe(
      'Du hast unter „Vertrauen“ einen Moment gespeichert. Um wen es am häufigsten geht: Partnerin oder Partner. ' +
        'Namen, die du genannt hast: Sam. Er ist dir 6 von 10 wichtig.',
    );
    expect(profileSummary(translators.de, [...own, testBubble({ category: 'Growth' })])).toBe(
      'In deinem ganzen Profil: 3 Momente in 2 Kategorien, die meisten unter „Vertrauen“.',
    );
    expect(profileSummary(translators.en, own)).toBe('Across your profile: 2 moments, all in “Trust”.');
  });
});
