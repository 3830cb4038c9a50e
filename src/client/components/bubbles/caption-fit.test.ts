import de from '@shared/i18n/de.json' with { type: 'json' };
import en from '@shared/i18n/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { CAPTION_MAX_PX, CAPTION_MIN_PX, captionFontPx, fittingFontSize, longestWord } from './caption-fit';

describe('longestWord', () => {
  it('counts the longest word; spaces and hyphens break it', () => {
    expect(longestWord('relationships platform')).toBe(13);
    expect(longestWord('Self-Worth')).toBe(5);
    expect(longestWord('')).toBe(1);
  });

  it('counts whole words across soft hyphens unless told they break', () => {
    expect(longestWord('Ver\u00adletz\u00adlich\u00adkeit')).toBe(15);
    expect(longestWord('beziehungs\u00adplattform', 'break')).toBe(10);
  });
});

describe('captionFontPx', () => {
  it('grows with the bubble up to 16 px', () => {
    expect(captionFontPx('Ben', 60)).toBeCloseTo(9.6);
    expect(captionFontPx('trust', 100)).toBe(CAPTION_MAX_PX);
    expect(captionFontPx('Ben', 140)).toBe(CAPTION_MAX_PX);
  });

  it('shrinks so that the longest word fits across the bubble', () => {
    const size = captionFontPx('Kommunikation', 120);
    expect(size).toBeLessThan(CAPTION_MAX_PX);
    expect(13 * 0.62 * size).toBeLessThanOrEqual(120 * 0.76 + 1e-9);
    const bold = captionFontPx('Kommunikation', 120, 1.15);
    expect(bold).toBeLessThan(size);
  });

  it('stays between 8 and 16 px', () => {
    expect(captionFontPx('Verletzlichkeit', 40)).toBe(CAPTION_MIN_PX);
    for (const diameter of [40, 46, 70, 120, 140, 400]) {
      for (const word of ['', 'ich', 'kommunikation', 'verletzlichkeit']) {
        const size = captionFontPx(word, diameter);
        expect(size).toBeGreaterThanOrEqual(CAPTION_MIN_PX);
        expect(size).toBeLessThanOrEqual(CAPTION_MAX_PX);
      }
    }
  });
});

describe('fittingFontSize', () => {
  it('caps the inherited size by the container width the longest word needs', () => {
    expect(fittingFontSize('emails', 0.8)).toBe(`min(1em, ${(80 / (6 * 0.52)).toFixed(2)}cqw)`);
    const long = Number.parseFloat(fittingFontSize('beziehungsplattform', 0.8).slice(9));
    const split = Number.parseFloat(fittingFontSize('beziehungs\u00adplattform', 0.8).slice(9));
    const short = Number.parseFloat(fittingFontSize('e-mails', 0.8).slice(9));
    expect(long).toBeLessThan(split);
    expect(split).toBeLessThan(short);
  });
});

describe('the category words inside bubbles (en, de)', () => {
  const catalogs = { en, de } as Record<string, Record<string, string>>;
  const captions = Object.entries(catalogs).flatMap(([language, messages]) =>
    Object.entries(messages)
      .filter(([key]) => /^bubbles\.category(Caption|Lower)\./.test(key))
      .map(([key, text]) => ({ language, key, text })),
  );

  it('carry soft hyphens wherever a word is longer than 6 letters, so a small bubble breaks it there', () => {
    expect(captions).toHaveLength(40);
    const unbreakable = captions.filter(({ text }) => longestWord(text, 'break') > 6);
    expect(unbreakable).toEqual([]);
  });

  it('are the same words in capitals and in lowercase, soft hyphens included', () => {
    for (const { language, key, text } of captions.filter((caption) => caption.key.includes('Lower'))) {
      const caption = catalogs[language]?.[key.replace('categoryLower', 'categoryCaption')] ?? '';
      expect(text, key).toBe(caption.toLocaleLowerCase(language));
    }
  });
});
