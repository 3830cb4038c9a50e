import type { TLocale } from '@shared/domain/locale';
import { useTranslation } from 'react-i18next';
import type { Duration, PlanSummary } from '../lib/campaign-send';

/** Counts of a campaign in words, in the page's language: who receives it, who is left out, how long. */
export function useCampaignWords() {
  const { t, i18n } = useTranslation();
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'unit' });
  const languages = (parts: readonly { locale: TLocale; count: number }[]) =>
    list.format(parts.map(({ locale, count }) => t(`admin.campaigns.plan.language.${locale}`, { count })));
  return {
    languages,
    /** "9 people will receive it: 6 in English, 3 in German." */
    recipients: (summary: PlanSummary) =>
      summary.recipients === 0
        ? t('admin.campaigns.plan.nobody')
        : t('admin.campaigns.plan.recipients', {
            count: summary.recipients,
            languages: languages(summary.languages),
          }),
    /** "2 will not receive it: 1 unconfirmed, 1 unsubscribed." */
    leftOut: (summary: PlanSummary) =>
      t('admin.campaigns.plan.leftOut', {
        count: summary.leftOutTotal,
        reasons: list.format(
          summary.leftOut.map(({ reason, count }) => t(`admin.campaigns.plan.reason.${reason}`, { count })),
        ),
      }),
    duration: ({ unit, value }: Duration) =>
      new Intl.NumberFormat(i18n.language, {
        style: 'unit',
        unit,
        unitDisplay: 'long',
        maximumFractionDigits: 1,
      }).format(value),
  };
}
