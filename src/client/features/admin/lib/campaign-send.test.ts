import {
  CAMPAIGN_DEFAULT_RATE_PER_SECOND,
  CAMPAIGN_MAX_RATE_PER_SECOND,
  CAMPAIGN_MIN_RATE_PER_SECOND,
} from '@shared/domain/campaigns';
import type { TCampaignPlan } from '@shared/schemas/campaigns';
import type { TBilingualContent, TNewsletterContent } from '@shared/schemas/newsletters';
import { describe, expect, it } from 'vitest';
import { localesMissingSubject, parseRate, planSummary, sendingDuration } from './campaign-send';

describe('parseRate', () => {
  it('takes whole numbers within the range, spaces around them ignored', () => {
    expect(parseRate(String(CAMPAIGN_DEFAULT_RATE_PER_SECOND))).toBe(CAMPAIGN_DEFAULT_RATE_PER_SECOND);
    expect(parseRate(String(CAMPAIGN_MIN_RATE_PER_SECOND))).toBe(1);
    expect(parseRate(String(CAMPAIGN_MAX_RATE_PER_SECOND))).toBe(1000);
    expect(parseRate(' 25 ')).toBe(25);
    expect(parseRate('007')).toBe(7);
  });

  it('refuses blanks, fractions, signs, words and numbers outside the range', () => {
    for (const input of ['', '  ', '0', '1001', '2.5', '1e3', '-4', '+4', 'ten', '10/s', '99999999999']) {
      expect(parseRate(input), input).toBeNull();
    }
  });
});

const plan = (overrides: Partial<TCampaignPlan> = {}): TCampaignPlan => ({
  selected: 19,
  recipients: 15,
  byLanguage: { en: 12, de: 3 },
  leftOut: { unconfirmed: 2, unsubscribed: 1, suppressed: 0, missing: 1 },
  ...overrides,
});

describe('planSummary', () => {
  it('lists the languages and the reasons in their fixed order, with the total left out', () => {
    expect(planSummary(plan())).toEqual({
      recipients: 15,
      languages: [
        { locale: 'en', count: 12 },
        { locale: 'de', count: 3 },
      ],
      leftOut: [
        { reason: 'unconfirmed', count: 2 },
        { reason: 'unsubscribed', count: 1 },
        { reason: 'missing', count: 1 },
      ],
      leftOutTotal: 4,
    });
  });

  it('leaves out the zeros', () => {
    const summary = planSummary(
      plan({
        selected: 4,
        recipients: 3,
        byLanguage: { en: 0, de: 3 },
        leftOut: { unconfirmed: 0, unsubscribed: 1, suppressed: 0, missing: 0 },
      }),
    );
    expect(summary.languages).toEqual([{ locale: 'de', count: 3 }]);
    expect(summary.leftOut).toEqual([{ reason: 'unsubscribed', count: 1 }]);
    expect(summary.leftOutTotal).toBe(1);
  });

  it('has nothing to list when nobody is left out and nobody would receive it', () => {
    const summary = planSummary(
      plan({
        selected: 0,
        recipients: 0,
        byLanguage: { en: 0, de: 0 },
        leftOut: { unconfirmed: 0, unsubscribed: 0, suppressed: 0, missing: 0 },
      }),
    );
    expect(summary).toEqual({ recipients: 0, languages: [], leftOut: [], leftOutTotal: 0 });
  });
});

const text = (subjectLine: string): TNewsletterContent => ({
  subjectLine,
  heroTitle: 'Hello',
  introText: '',
  secondTextBlock: '',
  ctaText: '',
  ctaLink: '',
  footerText: '',
  gifAltText: '',
});

describe('localesMissingSubject', () => {
  const content = (en: string, de: string): TBilingualContent => ({ en: text(en), de: text(de) });

  it('names each language that has recipients but a blank subject, English first', () => {
    expect(localesMissingSubject(content('', '  '), { en: 1, de: 2 })).toEqual(['en', 'de']);
    expect(localesMissingSubject(content('News', ''), { en: 1, de: 2 })).toEqual(['de']);
  });

  it('does not mind a blank subject nobody receives', () => {
    expect(localesMissingSubject(content('News', ''), { en: 5, de: 0 })).toEqual([]);
    expect(localesMissingSubject(content('', ''), { en: 0, de: 0 })).toEqual([]);
  });
});

describe('sendingDuration', () => {
  it('says seconds for a short campaign, at least one', () => {
    expect(sendingDuration(15, 10)).toEqual({ unit: 'second', value: 2 });
    expect(sendingDuration(1, 1000)).toEqual({ unit: 'second', value: 1 });
    expect(sendingDuration(89, 1)).toEqual({ unit: 'second', value: 89 });
  });

  it('says minutes, rounded up, from a minute and a half', () => {
    expect(sendingDuration(90, 1)).toEqual({ unit: 'minute', value: 2 });
    expect(sendingDuration(3000, 10)).toEqual({ unit: 'minute', value: 5 });
  });

  it('says hours with one decimal for long ones', () => {
    expect(sendingDuration(50_000, 1)).toEqual({ unit: 'hour', value: 13.9 });
    expect(sendingDuration(7200, 1)).toEqual({ unit: 'hour', value: 2 });
  });
});
