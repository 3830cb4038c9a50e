import { fittingFontSize } from '@client/components/bubbles/caption-fit';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { useSiteConfig } from '@client/lib/site-config';
import { toast } from '@client/lib/toast';
import { href } from '@shared/routes';
import { ExternalLink } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Drift, useFloat } from './float';
import { IntroDialog } from './intro-dialog';

/** The interactive element stays still, so a pointer aims at a steady target; only its face floats. */
const TARGET = 'group @container block size-full rounded-full outline-none';

const FACE = cn(
  'flex size-full items-center justify-center rounded-full p-4 text-center font-display leading-tight font-semibold text-white',
  'bg-[radial-gradient(circle_at_32%_26%,#f87171_0%,#dc2626_34%,#b91c1c_70%,#7f1d1d_100%)]',
  'shadow-[0_24px_60px_-18px_rgba(220,38,38,0.75),inset_0_-12px_28px_rgba(0,0,0,0.28),inset_0_10px_22px_rgba(255,255,255,0.22)]',
  'ring-1 ring-white/25 transition duration-300 ease-out group-hover:scale-105 group-active:scale-95',
  'group-focus-visible:outline-2 group-focus-visible:outline-offset-4 group-focus-visible:outline-white',
  'group-aria-disabled:opacity-80',
);

const DRIFTS = {
  fragrance: { x: 6, y: 14, durationMs: 7600, delayMs: 1200 },
  platform: { x: -5, y: 12, durationMs: 9200, delayMs: 0 },
  emails: { x: 4, y: 16, durationMs: 8400, delayMs: 3400 },
} satisfies Record<string, Drift>;

/** How much of the bubble's width its label may take (it is round, and padded). */
const LABEL_SHARE = 0.74;

/**
 * The red sphere with its label, drifting; the inner face keeps its own transform for hover and press. The
 * label shrinks when its longest word (`text`) would not fit across (a long German compound, say).
 */
function Face({ drift, text, children }: { drift: Drift; text: string; children?: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useFloat(ref, drift);
  return (
    <span ref={ref} className="block size-full will-change-transform">
      <span className={FACE}>
        <span style={{ fontSize: fittingFontSize(text, LABEL_SHARE) }}>
          {text}
          {children}
        </span>
      </span>
    </span>
  );
}

/** "fragrance": the perfume shop (FRAGRANCE_SHOP_URL) in a new tab, once its address has loaded. */
function FragranceBubble() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const hintId = useId();
  const face = (
    <Face drift={DRIFTS.fragrance} text={t('testHome.fragrance')}>
      <ExternalLink className="ml-1 inline size-[0.8em] align-[-0.05em] opacity-80" aria-hidden="true" />
    </Face>
  );

  if (config.data) {
    return (
      <a
        href={config.data.fragranceShopUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={hintId}
        className={TARGET}
      >
        {face}
        <span id={hintId} className="sr-only">
          {t('testHome.newTab')}
        </span>
      </a>
    );
  }
  const explain = () => {
    if (!config.isError) return toast.message(t('testHome.shopLoading'));
    toast.error(t('testHome.shopUnavailable'), { description: t(errorMessageKey(config.error)) });
    void config.refetch();
  };
  return (
    <button type="button" aria-disabled={!config.isError || undefined} onClick={explain} className={TARGET}>
      {face}
    </button>
  );
}

/**
 * The three red bubbles of the test home (spec §2): "fragrance" (the shop, new tab), "relationships
 * platform" (the intro dialog) and "emails" (the waiting list): links where they lead somewhere, a button
 * where they open the dialog. In reading order on every width: a diagonal from top left to bottom right.
 */
export function RedBubbles() {
  const { t } = useTranslation();
  return (
    <div className="relative mx-auto grid w-full max-w-md grid-cols-2 place-items-center px-6 sm:flex sm:max-w-3xl sm:items-center sm:justify-center sm:gap-10">
      <div className="size-32 justify-self-start text-lg sm:-mt-24 sm:size-40 sm:text-xl">
        <FragranceBubble />
      </div>
      <div className="col-span-2 -mt-8 size-48 text-2xl sm:mt-0 sm:size-60 sm:text-3xl">
        <IntroDialog
          trigger={
            <button type="button" className={TARGET}>
              <Face drift={DRIFTS.platform} text={t('testHome.platform')} />
            </button>
          }
        />
      </div>
      <div className="col-start-2 -mt-8 size-32 justify-self-end text-lg sm:mt-28 sm:size-40 sm:text-xl">
        <Link to={href('waitingList')} className={TARGET}>
          <Face drift={DRIFTS.emails} text={t('testHome.emails')} />
        </Link>
      </div>
    </div>
  );
}
