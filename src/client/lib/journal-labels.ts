import { topicMessageKey } from '@shared/domain/journal';
import { useTranslation } from 'react-i18next';

/**
 * Topic and status texts: topics and profile labels through `topics.<slug>`, statuses through
 * `status.<status>`. Anything without a translation is shown as it is stored (spec §4: unknown statuses).
 */
export function useJournalLabels() {
  const { t, i18n } = useTranslation();
  const translated = (key: string, fallback: string) =>
    i18n.exists(key) ? t(key as 'status.completed') : fallback;
  return {
    topic: (topic: string) => translated(topicMessageKey(topic), topic),
    status: (status: string) => translated(`status.${status}`, status),
  };
}
