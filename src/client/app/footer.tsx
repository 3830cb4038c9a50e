import { MirrorMark } from '@client/components/mirror-mark';
import { Tooltip } from '@client/components/ui/tooltip';
import { href } from '@shared/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="relative z-10 flex items-center justify-center gap-4 px-4 py-5 text-xs text-fg-muted">
      <Tooltip content={t('footer.staffArea')}>
        <Link
          to={href('adminList')}
          aria-label={t('footer.staffArea')}
          className="inline-flex size-7 items-center justify-center rounded-full hover:text-fg"
        >
          <MirrorMark className="size-3.5" />
        </Link>
      </Tooltip>
      <Link to={href('legal')} className="underline-offset-4 hover:text-fg hover:underline">
        {t('footer.legal')}
      </Link>
      <span>{t('footer.copyright')}</span>
    </footer>
  );
}
