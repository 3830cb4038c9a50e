import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api-client';
import { useIsClient } from '@client/lib/use-is-client';
import { toLocale } from '@shared/domain/locale';
import {
  checkJoin,
  isWaitlistErrorCode,
  recordAttempt,
  type WaitlistErrorCode,
  type WaitlistJoinResult,
} from '@shared/domain/waitlist';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJoinWaitlist } from '../api/waitlist';
import { readAttemptLog, writeAttemptLog } from '../attempt-log';

const CONSENT_ERRORS: ReadonlySet<WaitlistErrorCode> = new Set(['consent']);

/**
 * The "receive our emails" form (spec §2 waiting list): e-mail, consent, a honeypot, and the checks of
 * spec §5 in their order before anything is sent.
 */
export function WaitlistForm({ onJoined }: { onJoined: (result: WaitlistJoinResult) => void }) {
  const { t, i18n } = useTranslation();
  const join = useJoinWaitlist();
  const ids = { email: useId(), consent: useId(), error: useId(), honeypot: useId() };
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const ready = useIsClient();
  const [error, setError] = useState<WaitlistErrorCode | null>(null);

  const fail = (code: WaitlistErrorCode) => {
    setError(code);
    (CONSENT_ERRORS.has(code) ? consentRef : emailRef).current?.focus();
  };

  // The fields are read from the form itself: what someone typed before the page became interactive counts.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (join.isPending) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const consent = form.get('consent') === 'on';
    const honeypot = String(form.get('website') ?? '');
    const now = Date.now();
    const attempts = readAttemptLog();
    const check = checkJoin({ honeypot, consent, email }, attempts, now);
    if (!check.ok) return fail(check.error);
    writeAttemptLog(recordAttempt(attempts, now));
    setError(null);
    join.mutate(
      { email: check.email, consent, website: honeypot, language: toLocale(i18n.language) },
      {
        onSuccess: (data) => onJoined(data.result),
        onError: (cause) =>
          fail(cause instanceof ApiError && isWaitlistErrorCode(cause.code) ? cause.code : 'tryAgain'),
      },
    );
  };

  const emailError = error !== null && !CONSENT_ERRORS.has(error);
  return (
    <form noValidate onSubmit={submit} className="mt-8 space-y-6">
      <div>
        <label htmlFor={ids.email} className="block text-sm font-medium">
          {t('waitlist.email.label')}
        </label>
        <input
          ref={emailRef}
          id={ids.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          name="email"
          placeholder={t('waitlist.email.placeholder')}
          aria-invalid={emailError || undefined}
          aria-describedby={error ? ids.error : undefined}
          className="mt-2 block h-12 w-full rounded-xl border border-border bg-surface-raised px-4 text-base text-fg placeholder:text-fg-muted/70 aria-invalid:border-danger"
        />
      </div>

      {/* Invisible to people and skipped by keyboards; bots fill it in (spec §5 check 1). */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor={ids.honeypot}>{t('waitlist.honeypot.label')}</label>
        <input
          id={ids.honeypot}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <div className="flex items-start gap-3">
        <input
          ref={consentRef}
          id={ids.consent}
          type="checkbox"
          name="consent"
          aria-invalid={error === 'consent' || undefined}
          aria-describedby={error === 'consent' ? ids.error : undefined}
          className="mt-1 size-5 shrink-0 accent-accent"
        />
        <label htmlFor={ids.consent} className="text-sm leading-relaxed text-fg-muted">
          {t('waitlist.consent.label')}
        </label>
      </div>

      <p id={ids.error} role="alert" className="min-h-6 text-sm font-medium text-danger">
        {error ? t(`waitlist.errors.${error}`) : ''}
      </p>

      {/* Disabled until the page is interactive, so an early press cannot submit the form the plain way. */}
      <Button
        type="submit"
        className="w-full"
        disabled={!ready || join.isPending}
        aria-busy={join.isPending || undefined}
      >
        {join.isPending ? t('waitlist.joining') : t('waitlist.join')}
      </Button>
    </form>
  );
}
