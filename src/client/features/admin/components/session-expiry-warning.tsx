import { toast } from '@client/lib/toast';
import { ADMIN_SESSION_WARNING_MS } from '@shared/domain/admin';
import type { TAdminSession } from '@shared/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { adminSessionKey, useExtendAdminSession } from '../api/session';

/** How often the time left is looked at (timers sleep with the laptop; this catches up on waking). */
const CHECK_EVERY_MS = 15_000;
const TOAST_ID = 'admin-session-expiry';

/**
 * Warns the staff member 10 minutes before their session ends (decision 047), with "Stay signed in", and
 * says that unsaved newsletter text is kept in this browser. At the end the session is asked for again,
 * which sends the page to the sign-in screen.
 */
export function SessionExpiryWarning({ session }: { session: TAdminSession }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const extend = useExtendAdminSession();
  const warnedFor = useRef<string | null>(null);
  const { expiresAt, expiresInMs } = session;

  useEffect(() => {
    // On this device's clock, which may run apart from the server's: the server says how much is left.
    const end = Date.now() + expiresInMs;
    const time = (at: number) =>
      new Date(at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });

    // The promise, not per-call callbacks: those are dropped once the new session re-renders the page.
    const stay = async () => {
      let next: TAdminSession;
      try {
        next = await extend.mutateAsync();
      } catch {
        // The warning closed with its button; the outcome is a toast of its own.
        toast.error(t('admin.sessionExpiry.extendFailed'));
        return;
      }
      // Moved later (both on the server's clock): extended. Not moved: the session is at its 24-hour limit.
      const nextEnd = time(Date.now() + next.expiresInMs);
      if (new Date(next.expiresAt).getTime() > new Date(expiresAt).getTime()) {
        toast.success(t('admin.sessionExpiry.extended', { time: nextEnd }));
      } else {
        toast.info(t('admin.sessionExpiry.atLimit', { time: nextEnd }), {
          duration: Number.POSITIVE_INFINITY,
        });
      }
    };

    const check = () => {
      const left = end - Date.now();
      if (left <= 0) {
        void queryClient.invalidateQueries({ queryKey: adminSessionKey });
        return;
      }
      if (left > ADMIN_SESSION_WARNING_MS || warnedFor.current === expiresAt) return;
      warnedFor.current = expiresAt;
      toast.message(t('admin.sessionExpiry.title', { time: time(end) }), {
        id: TOAST_ID,
        description: t('admin.sessionExpiry.keepText'),
        duration: Number.POSITIVE_INFINITY,
        action: { label: t('admin.sessionExpiry.stay'), onClick: () => void stay() },
      });
    };
    check();
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [expiresAt, expiresInMs, extend.mutateAsync, i18n.language, queryClient, t]);

  return null;
}
