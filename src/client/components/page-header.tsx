import { cn } from '@client/lib/cn';
import { setFlag } from '@client/lib/session-flags';
import { href } from '@shared/routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './language-switcher';
import { MirrorMark } from './mirror-mark';

/**
 * Top bar of every page: the wordmark linking home, the page's own actions (signed-in pages put their
 * settings or sign-out buttons there) and the language switch. Following the logo home skips the reveal
 * veil there (spec §2: it sets the force-clear flag).
 */
export function PageHeader({ className, actions }: { className?: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header
      className={cn('relative z-10 flex items-center justify-between gap-4 px-5 py-4 sm:px-8', className)}
    >
      <Link
        to={href('home')}
        onClick={() => setFlag('homeForceClear')}
        aria-label={t('shell.homeLink')}
        className="inline-flex items-center gap-2 rounded-full font-display text-xl font-semibold tracking-tight text-fg"
      >
        <MirrorMark className="size-6 text-accent" />
        <span aria-hidden="true">{t('app.name')}</span>
      </Link>
      <div className="flex items-center gap-2">
        {actions}
        <LanguageSwitcher />
      </div>
    </header>
  );
}
