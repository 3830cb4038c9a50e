import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { RESEND_COOLDOWN_SECONDS } from '@shared/domain/accounts';
import { RotateCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendCountdown } from '../resend-countdown';

/**
 * "Resend e-mail" under a check-your-inbox message (after sign-up, after asking for a reset link). An e-mail
 * has just gone out, so the button waits RESEND_COOLDOWN_SECONDS first, counting down; after each resend it
 * waits again, and after a refusal as long as the server's Retry-After says. `sentText` is what a resend
 * honestly promises: the server answers alike whether or not the address has an account.
 */
export function ResendEmail({ send, sentText }: { send: () => Promise<unknown>; sentText: string }) {
  const { t } = useTranslation();
  const waitId = useId();
  const [availableAt, setAvailableAt] = useState(() => Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const waitSeconds = Math.max(0, Math.ceil((availableAt - now) / 1000));

  useEffect(() => {
    if (waitSeconds === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [waitSeconds]);

  const resend = async () => {
    if (pending || waitSeconds > 0) return;
    setPending(true);
    setOutcome(null);
    try {
      await send();
      setOutcome(sentText);
      setAvailableAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'rate_limited') {
        setOutcome(t('auth.resend.rateLimited'));
        setAvailableAt(Date.now() + (error.retryAfterSeconds ?? RESEND_COOLDOWN_SECONDS) * 1000);
      } else {
        setOutcome(t(errorMessageKey(error)));
      }
    } finally {
      setNow(Date.now());
      setPending(false);
    }
  };

  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <Button
        type="button"
        variant="secondary"
        disabled={pending || waitSeconds > 0}
        aria-busy={pending || undefined}
        aria-describedby={waitSeconds > 0 ? waitId : undefined}
        onClick={() => void resend()}
      >
        {pending ? <Spinner className="size-4" /> : <RotateCw className="size-4" aria-hidden="true" />}
        {t('auth.resend.button')}
      </Button>
      {waitSeconds > 0 && (
        <p id={waitId} className="text-sm text-fg-muted tabular-nums">
          {t('auth.resend.wait', { time: resendCountdown(waitSeconds) })}
        </p>
      )}
      <p role="status" className="text-center text-sm text-pretty">
        {outcome}
      </p>
    </div>
  );
}
