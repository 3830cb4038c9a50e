import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { usePageContent } from '@client/features/site/api/page-content';
import { WaitlistForm } from '@client/features/waitlist/components/waitlist-form';
import type { WaitlistJoinResult } from '@shared/domain/waitlist';
import { href } from '@shared/routes';
import { ArrowLeft, Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** After joining (spec §8): the result line depends on whether the confirmation e-mail went out. */
const RESULT_LINE = {
  confirmation_sent: 'waitlist.success.checkEmail',
  confirmation_failed: 'waitlist.success.emailFailed',
  held: null,
} as const;

function ThankYou({ result }: { result: WaitlistJoinResult }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const line = RESULT_LINE[result];
  return (
    <div className="text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Check className="size-7" aria-hidden="true" />
      </span>
      <h1 ref={headingRef} tabIndex={-1} className="mt-6 font-display text-4xl font-semibold outline-none">
        {t('waitlist.success.title')}
      </h1>
      <p className="mt-3 text-lg text-fg-muted">{t('waitlist.success.body')}</p>
      {line && (
        <p role="status" className="mt-6 rounded-xl bg-surface-sunken px-4 py-3 text-sm">
          {t(line)}
        </p>
      )}
      <Button asChild className="mt-10">
        <Link to={href('home')}>{t('waitlist.success.home')}</Link>
      </Button>
    </div>
  );
}

/** The waiting list (spec §2 "/waiting-list"): the form, then the thank-you view. */
export function Component() {
  const { t } = useTranslation();
  const { text } = usePageContent('waiting-list');
  const [result, setResult] = useState<WaitlistJoinResult | null>(null);

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader signIn />
      <div className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-6 pt-4 pb-16">
        <div className="rounded-[2rem] border border-border bg-surface-raised p-7 shadow-xl shadow-black/5 sm:p-10">
          {result ? (
            <ThankYou result={result} />
          ) : (
            <>
              <h1 className="font-display text-4xl font-semibold">{text('waitlist.title')}</h1>
              <p className="mt-3 text-fg-muted">{text('waitlist.subtitle')}</p>
              <WaitlistForm onJoined={setResult} />
              <p className="mt-6 text-xs leading-relaxed text-fg-muted">{t('waitlist.privacy')}</p>
            </>
          )}
        </div>
        {!result && (
          <Button asChild variant="ghost" className="mt-6 self-center">
            <Link to={href('invite')}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              {t('waitlist.back')}
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
