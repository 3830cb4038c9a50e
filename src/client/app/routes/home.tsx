import { BackgroundVideo } from '@client/components/background-video';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { usePageContent } from '@client/features/site/api/page-content';
import { href } from '@shared/routes';
import { CalendarDays, Compass, type LucideIcon, Route, Sprout } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const FEATURES: { key: 'selfDiscovery' | 'cycles' | 'growth' | 'journey'; icon: LucideIcon }[] = [
  { key: 'selfDiscovery', icon: Compass },
  { key: 'cycles', icon: CalendarDays },
  { key: 'growth', icon: Sprout },
  { key: 'journey', icon: Route },
];
const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/** The invite-only landing page (spec §2 "/"), over the background video. */
export function Component() {
  const { t } = useTranslation();
  const { text } = usePageContent('home');

  return (
    <div className="relative isolate flex flex-1 flex-col">
      <BackgroundVideo />
      <PageHeader signIn />

      <section className="mx-auto flex min-h-[calc(100svh-9rem)] w-full max-w-3xl flex-col items-center justify-center px-6 py-16 text-center">
        <p className="mb-5 rounded-full border border-white/25 bg-white/10 px-4 py-1 text-xs font-semibold tracking-[0.2em] uppercase backdrop-blur">
          {text('hero.subtitle')}
        </p>
        <h1 className="font-display text-4xl leading-[1.05] font-semibold text-balance sm:text-6xl">
          {text('hero.title')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-fg/85 sm:text-xl">{text('hero.description')}</p>
        <Button asChild className="mt-10 px-8">
          <Link to={href('invite')}>{t('landing.enter')}</Link>
        </Button>
      </section>

      <section aria-labelledby="features-title" className="mx-auto w-full max-w-6xl px-6 py-16">
        <h2 id="features-title" className="text-center font-display text-3xl font-semibold text-balance">
          {t('landing.features.title')}
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-3xl border border-white/15 bg-white/[0.07] p-6 backdrop-blur-md">
              <Icon className="size-6 text-accent" aria-hidden="true" />
              <h3 className="mt-4 font-display text-xl font-semibold">
                {t(`landing.features.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-fg/80">{t(`landing.features.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-title" className="mx-auto w-full max-w-3xl px-6 py-16">
        <h2 id="how-title" className="text-center font-display text-3xl font-semibold">
          {t('landing.how.title')}
        </h2>
        <ol className="mt-10 space-y-6">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-5">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full border border-white/25 font-display text-lg font-semibold text-accent"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{t(`landing.how.${step}.title`)}</h3>
                <p className="mt-1 text-fg/80">{t(`landing.how.${step}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="cta-title"
        className="mx-auto mb-12 w-[calc(100%-3rem)] max-w-3xl rounded-[2rem] border border-white/15 bg-white/[0.07] px-6 py-12 text-center backdrop-blur-md"
      >
        <h2 id="cta-title" className="font-display text-3xl font-semibold">
          {t('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-pretty text-fg/85">{t('landing.cta.body')}</p>
        <Button asChild className="mt-8 px-8">
          <Link to={href('invite')}>{t('landing.cta.button')}</Link>
        </Button>
      </section>

      <p className="mx-auto max-w-2xl px-6 pb-6 text-center text-xs leading-relaxed text-fg/70">
        {t('landing.disclaimer')}
      </p>
    </div>
  );
}
