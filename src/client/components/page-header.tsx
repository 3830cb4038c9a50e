import { href } from '@shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './language-switcher';
import { MirrorMark } from './mirror-mark';

/** Top bar of the simple pages: the wordmark linking home and the language switch. */
export function PageHeader() {
  const { t } = useTranslation();
  return (
    <header className="flex items-center justify-between gap-4 px-5 py-4 sm:px-8">
      <Link
        to={href('home')}
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
