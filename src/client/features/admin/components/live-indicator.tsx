import { cn } from '@client/lib/cn';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../hooks/use-waitlist-events';

/** Whether a live stream is connected ("Live") or being reconnected; `hint` says what stays live. */
export function LiveIndicator({ status, hint }: { status: LiveStatus; hint: string }) {
  const { t } = useTranslation();
  return (
    <span
      role="status"
      title={hint}
      className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 text-xs font-semibold text-fg-muted"
    >
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', status === 'live' ? 'bg-success' : 'animate-pulse bg-fg-muted')}
      />
      {t(`admin.live.${status}`)}
    </span>
  );
}
