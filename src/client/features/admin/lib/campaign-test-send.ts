import { CAMPAIGN_TEST_MAX_ADDRESSES } from '@shared/domain/campaigns';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import type { TCampaignTestResult } from '@shared/schemas/campaigns';

/** The test-send form of the newsletter composer, apart from React. */

export type TestAddresses =
  | { ok: true; addresses: string[] }
  | { ok: false; error: 'empty' | 'tooMany' }
  | { ok: false; error: 'invalid'; address: string };

/** The addresses typed, split at commas, semicolons and white space, each once; the first wrong one named. */
export function parseTestAddresses(raw: string): TestAddresses {
  const addresses = [
    ...new Set(
      raw
        .split(/[\s,;]+/)
        .map((part) => normalizeEmail(part))
        .filter((part) => part !== ''),
    ),
  ];
  if (addresses.length === 0) return { ok: false, error: 'empty' };
  const wrong = addresses.find((address) => !isValidEmail(address));
  if (wrong) return { ok: false, error: 'invalid', address: wrong };
  if (addresses.length > CAMPAIGN_TEST_MAX_ADDRESSES) return { ok: false, error: 'tooMany' };
  return { ok: true, addresses };
}

type OutcomeKey = `admin.campaigns.test.outcome.${
  | 'sentSmtp'
  | 'sentProvider'
  | 'sentFile'
  | 'retrying'
  | 'failed'
  | 'suppressed'}`;

export type TestResultLine = {
  to: string;
  language: TCampaignTestResult['results'][number]['language'];
  tone: 'success' | 'warning' | 'danger';
  key: OutcomeKey;
  params: { error?: string; time?: string };
};

/** One line per message, saying what really happened: sent (and how), waiting for a retry, or not sent. */
export function testResultLines(
  result: TCampaignTestResult,
  formatTime: (iso: string) => string,
): TestResultLine[] {
  return result.results.map(({ to, language, outcome, error, retryAt }) => {
    const base = { to, language };
    if (outcome === 'sent') {
      const way =
        result.transport === 'file' ? 'File' : result.transport === 'provider' ? 'Provider' : 'Smtp';
      return { ...base, tone: 'success', key: `admin.campaigns.test.outcome.sent${way}`, params: {} };
    }
    if (outcome === 'retrying') {
      const params = { error: error ?? '—', time: retryAt ? formatTime(retryAt) : '—' };
      return { ...base, tone: 'warning', key: 'admin.campaigns.test.outcome.retrying', params };
    }
    if (outcome === 'suppressed') {
      return { ...base, tone: 'danger', key: 'admin.campaigns.test.outcome.suppressed', params: {} };
    }
    return {
      ...base,
      tone: 'danger',
      key: 'admin.campaigns.test.outcome.failed',
      params: { error: error ?? '—' },
    };
  });
}
