import { InviteHero } from '@client/components/invite-hero';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { usePageContent } from '@client/features/site/api/page-content';
import { href } from '@shared/routes';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const PARAGRAPHS = [
  'invite.paragraph1',
  'invite.paragraph2',
  'invite.paragraph3',
  'invite.paragraph4',
] as const;

/** The invitation (spec §2 "/invite"): a hero image, four editable paragraphs, the way to the waiting list. */
export function Component() {
  const { t } = useTranslation();
  const { text } = usePageContent('invite');

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader signIn />
      <div className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-6 pt-4 pb-16 md:grid-cols-2 md:gap-16">
        <InviteHero
          label={t('invite.heroAlt')}
          className="mx-auto aspect-square h-auto w-full max-w-sm overflow-hidden rounded-[2.5rem] shadow-2xl shadow-accent/20 md:max-w-none"
        />
        <div>
          <h1 className="font-display text-4xl leading-tight font-semibold text-balance sm:text-5xl">
            {t('invite.heading')}
          </h1>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-fg-muted">
            {PARAGRAPHS.map((key) => (
              <p key={key} className="text-pretty">
                {text(key)}
              </p>
            ))}
          </div>
          <Button asChild className="mt-10 px-7">
            <Link to={href('waitingList')}>
              {text('invite.cta')}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
