import {
  CAMPAIGN_EXCLUSION_REASONS,
  CAMPAIGN_MAX_RATE_PER_SECOND,
  CAMPAIGN_MIN_RATE_PER_SECOND,
  type CampaignExclusionReason,
} from '@shared/domain/campaigns';
import { LOCALES, type TLocale } from '@shared/domain/locale';
import type { TCampaignPlan } from '@shared/schemas/campaigns';
import type { TBilingualContent } from '@shared/schemas/newsletters';

/** The pure parts of sending a newsletter from the composer: the rate field, the plan in words, the checks. */

/** The messages-per-second field as typed: a whole number within the allowed range, else null. */
export function parseRate(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const rate = Number(trimmed);
  return rate >= CAMPAIGN_MIN_RATE_PER_SECOND && rate <= CAMPAIGN_MAX_RATE_PER_SECOND ? rate : null;
}

export type PlanSummary<Reason extends string = CampaignExclusionReason> = {
  recipients: number;
  /** Languages with recipients, in LOCALES order. */
  languages: { locale: TLocale; count: number }[];
  /** Reasons that left someone out, in the order of the reasons given (CAMPAIGN_EXCLUSION_REASONS). */
  leftOut: { reason: Reason; count: number }[];
  leftOutTotal: number;
};

/** What the plan says, without the zeros: "12 in English, 3 in German"; "2 unconfirmed, 1 unsubscribed". */
export function planSummary(plan: TCampaignPlan): PlanSummary {
  return summarizePlan(plan, CAMPAIGN_EXCLUSION_REASONS);
}

/** The same for any plan of that shape (who of a selection gets an invitation), with its reasons. */
export function summarizePlan<Reason extends string>(
  plan: Pick<TCampaignPlan, 'recipients' | 'byLanguage'> & { leftOut: Record<Reason, number> },
  reasons: readonly Reason[],
): PlanSummary<Reason> {
  const languages = LOCALES.map((locale) => ({ locale, count: plan.byLanguage[locale] })).filter(
    (part) => part.count > 0,
  );
  const leftOut = reasons
    .map((reason) => ({
      reason,
      count: plan.leftOut[reason],
    }))
    .filter((part) => part.count > 0);
  return {
    recipients: plan.recipients,
    languages,
    leftOut,
    leftOutTotal: leftOut.reduce((sum, part) => sum + part.count, 0),
  };
}

/**
 * Languages whose subject line is blank although someone gets that version, English first: the server would
 * refuse the campaign (`subject_required`).
 */
export function localesMissingSubject(
  content: TBilingualContent,
  byLanguage: Record<TLocale, number>,
): TLocale[] {
  return LOCALES.filter((locale) => byLanguage[locale] > 0 && content[locale].subjectLine.trim() === '');
}

export type Duration = { unit: 'second' | 'minute' | 'hour'; value: number };

/** About how long sending takes at `rate` per second, rounded up to a unit that reads well. */
export function sendingDuration(recipients: number, rate: number): Duration {
  const seconds = Math.ceil(recipients / Math.max(rate, 1));
  if (seconds < 90) return { unit: 'second', value: Math.max(seconds, 1) };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return { unit: 'minute', value: minutes };
  return { unit: 'hour', value: Math.ceil(minutes / 6) / 10 };
}
