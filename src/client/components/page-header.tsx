import { cn } from '@client/lib/cn';
import { setFlag } from '@client/lib/session-flags';
import { href } from '@shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './language-switcher';
import { MirrorMark } from './mirror-mark';

/**
 * Top bar of the public pages: the wordmark linking home and the language switch. Following the logo home
 * skips the reveal veil there (spec §2: it sets the force-clear flag).
 */
export function PageHeader({ className }: { className?: string }) {
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
      <LanguageSwitcher />
    </header>
  );
}
