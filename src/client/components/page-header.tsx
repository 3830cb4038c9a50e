import { cn } from '@client/lib/cn';
import { setFlag } from '@client/lib/session-flags';
import { href } from '@shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './language-switcher';
import { MirrorMark } from './mirror-mark';

/**
 * Top bar of every page: the wordmark linking home, the page's own actions and the language switch.
 * Following the logo home skips the reveal veil there (spec §2: it sets the force-clear flag). Public pages
 * add `signIn` (a link to /auth for returning people); signed-in pages pass `home="dashboard"` and their
 * navigation (app/member-nav.tsx), so the logo leads to the dashboard.
 */
export function PageHeader({
  className,
  actions,
  signIn = false,
  home = 'landing',
}: {
  className?: string;
  actions?: ReactNode;
  signIn?: boolean;
  home?: 'landing' | 'dashboard';
}) {
  const { t } = useTranslation();
  const toDashboard = home === 'dashboard';
  return (
    <header
      className={cn('relative z-10 flex items-center justify-between gap-4 px-5 py-4 sm:px-8', className)}
    >
      <Link
        to={toDashboard ? href('dashboard') : href('home')}
        onClick={toDashboard ? undefined : () => setFlag('homeForceClear')}
        // Before the app runs, public/boot.js asks the server for the clear landing instead (decision 059).
        data-home-clear={toDashboard ? undefined : ''}
        aria-label={toDashboard ? t('shell.dashboardLink') : t('shell.homeLink')}
        className="inline-flex items-center gap-2 rounded-full font-display text-xl font-semibold tracking-tight text-fg"
      >
        <MirrorMark className="size-6 text-accent" />
        <span aria-hidden="true">{t('app.name')}</span>
      </Link>
      <div className="flex items-center gap-2">
        {actions}
        {signIn && (
          <Link
            to={href('auth')}
            className="rounded-full px-3 py-1.5 text-sm font-medium text-fg underline-offset-4 hover:underline"
          >
            {t('shell.signIn')}
          </Link>
        )}
        <LanguageSwitcher />
      </div>
    </header>
  );
}
