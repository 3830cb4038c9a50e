import { Button } from '@client/components/ui/button';
import { Field, FieldError } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import { CAMPAIGN_TEST_MAX_ADDRESSES } from '@shared/domain/campaigns';
import { LOCALES, type TLocale } from '@shared/domain/locale';
import type { TAdminSession } from '@shared/schemas/admin';
import type { TBilingualContent } from '@shared/schemas/newsletters';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock, FlaskConical } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { useSendCampaignTest } from '../api/campaigns';
import { adminSessionKey } from '../api/session';
import { parseTestAddresses, type TestResultLine, testResultLines } from '../lib/campaign-test-send';
import { contentForApi } from '../lib/newsletter-composer';
import { LanguageOption } from './language-radio-group';

const TONE_ICONS = { success: CircleCheck, warning: Clock, danger: CircleAlert } as const;

/**
 * A test send of the newsletter on screen (issue 16): each chosen language to the addresses given, rendered
 * by the server exactly as the campaign will be, and line by line what happened to each message (sent,
 * waiting in the outbox for a retry, or not sent). Not a campaign: nothing is counted or saved.
 */
export function NewsletterTestSend({
  content,
  checkTexts,
}: {
  content: TBilingualContent;
  /** Checks the texts as a save does, showing the first problem under `failTitle`; false stops the send. */
  checkTexts: (failTitle: string) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const send = useSendCampaignTest();
  const toRef = useRef<HTMLInputElement>(null);
  const [to, setTo] = useState(
    () => queryClient.getQueryData<TAdminSession | null>(adminSessionKey)?.staff.email ?? '',
  );
  const [languages, setLanguages] = useState<ReadonlySet<TLocale>>(new Set(LOCALES));
  const [addressError, setAddressError] = useState<string | null>(null);
  const [languageError, setLanguageError] = useState(false);
  const [lines, setLines] = useState<TestResultLine[] | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);

  const toggle = (locale: TLocale) => {
    const next = new Set(languages);
    if (next.has(locale)) next.delete(locale);
    else next.add(locale);
    setLanguages(next);
    setLanguageError(false);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = parseTestAddresses(to);
    if (!parsed.ok) {
      setAddressError(
        parsed.error === 'invalid'
          ? t('admin.campaigns.test.invalid', { address: parsed.address })
          : parsed.error === 'tooMany'
            ? t('admin.campaigns.test.tooMany', { max: CAMPAIGN_TEST_MAX_ADDRESSES })
            : t('admin.campaigns.test.empty'),
      );
      toRef.current?.focus();
      return;
    }
    if (languages.size === 0) {
      setLanguageError(true);
      return;
    }
    if (!checkTexts(t('admin.campaigns.test.failed'))) return;
    setLines(null);
    setRequestError(null);
    const chosen = LOCALES.filter((locale) => languages.has(locale));
    send.mutate(
      {
        to: parsed.addresses,
        languages: chosen,
        content: {
          en: contentForApi(content.en, 'newsletter'),
          de: contentForApi(content.de, 'newsletter'),
        },
      },
      {
        onSuccess: (result) => {
          const formatTime = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language);
          setLines(testResultLines(result, formatTime));
          if (result.results.every((item) => item.outcome === 'sent'))
            toast.success(t('admin.campaigns.test.done'));
          else toast.error(t('admin.campaigns.test.notAll'));
        },
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          const message = t(errorMessageKey(error));
          setRequestError(message);
          toast.error(t('admin.campaigns.test.failed'), { description: message });
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-border p-4 sm:p-5">
      <h3 id={headingId} className="flex items-center gap-2 font-display text-xl font-semibold">
        <FlaskConical className="size-5 text-accent" aria-hidden="true" />
        {t('admin.campaigns.test.title')}
      </h3>
      <p className="mt-2 text-sm text-fg-muted">{t('admin.campaigns.test.intro')}</p>
      <form noValidate onSubmit={submit} className="mt-4">
        <div className="grid gap-5 md:grid-cols-[1fr_auto] md:items-start">
          <Field
            label={t('admin.campaigns.test.toLabel')}
            hint={t('admin.campaigns.test.toHint', { max: CAMPAIGN_TEST_MAX_ADDRESSES })}
            error={addressError ?? undefined}
          >
            {(control) => (
              <Input
                {...control}
                ref={toRef}
                type="text"
                inputMode="email"
                name="newsletterTestRecipients"
                autoComplete="email"
                spellCheck={false}
                value={to}
                onChange={(event) => {
                  setTo(event.target.value);
                  setAddressError(null);
                }}
              />
            )}
          </Field>
          <fieldset aria-describedby={languageError ? `${headingId}-languages-error` : undefined}>
            <legend className="text-sm font-medium">{t('admin.campaigns.test.languagesLabel')}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {LOCALES.map((locale) => (
                <LanguageOption
                  key={locale}
                  locale={locale}
                  type="checkbox"
                  checked={languages.has(locale)}
                  onChange={() => toggle(locale)}
                />
              ))}
            </div>
            {languageError && (
              <FieldError id={`${headingId}-languages-error`} className="mt-2">
                {t('admin.campaigns.test.noLanguage')}
              </FieldError>
            )}
          </fieldset>
        </div>
        <div className="mt-4 flex justify-end">
          <Button
            type="submit"
            variant="secondary"
            disabled={send.isPending}
            aria-busy={send.isPending || undefined}
          >
            {send.isPending && <Spinner className="size-4" />}
            {send.isPending ? t('admin.campaigns.test.sending') : t('admin.campaigns.test.button')}
          </Button>
        </div>
      </form>
      <div role="status" aria-label={t('admin.campaigns.test.resultsLabel')} className="mt-4 min-h-6">
        {requestError && (
          <p className="flex items-start gap-2 rounded-xl bg-danger/10 p-3 text-sm font-medium text-danger">
            <CircleAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
            {requestError}
          </p>
        )}
        {lines && (
          <ul className="space-y-2">
            {lines.map((line) => {
              const Icon = TONE_ICONS[line.tone];
              return (
                <li
                  key={`${line.to}-${line.language}`}
                  className={cn(
                    'flex items-start gap-2 rounded-xl p-3 text-sm font-medium break-words',
                    line.tone === 'success' && 'bg-success/12 text-fg',
                    line.tone === 'warning' && 'bg-surface-sunken text-fg',
                    line.tone === 'danger' && 'bg-danger/10 text-danger',
                  )}
                >
                  <Icon
                    aria-hidden="true"
                    className={cn('mt-px size-4 shrink-0', line.tone === 'success' && 'text-success')}
                  />
                  <span className="min-w-0">
                    {t('admin.campaigns.test.line', {
                      language: t(`admin.editor.language.${line.language}`),
                      to: line.to,
                      outcome: t(line.key, line.params),
                    })}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
