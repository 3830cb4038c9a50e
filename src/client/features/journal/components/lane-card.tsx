import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/cn';
import { useJournalLabels } from '@client/lib/journal-labels';
import { LANE_ITEMS_SHOWN, LANES, type Lane, type ProfileLists } from '@shared/domain/journal';
import { Check, Compass, Heart, type LucideIcon, Shield } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const LANE_LOOK = {
  what_matters: { body: 'lane.what_matters.body', Icon: Heart },
  where_safe: { body: 'lane.where_safe.body', Icon: Shield },
  edges: { body: 'lane.edges.body', Icon: Compass },
} as const satisfies Record<Lane, { body: string; Icon: LucideIcon }>;

/** One lane of day 4 (spec §2 choose lane): what it is about and the first three items of its profile list. */
export function LaneCard({
  lane,
  profile,
  chosen,
  choosing,
  busy,
  onChoose,
}: {
  lane: Lane;
  profile: ProfileLists;
  chosen: boolean;
  /** This lane is being saved. */
  choosing: boolean;
  /** Some lane is being saved. */
  busy: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const labels = useJournalLabels();
  const titleId = useId();
  const { body, Icon } = LANE_LOOK[lane];
  const items = profile[LANES[lane].list].slice(0, LANE_ITEMS_SHOWN);
  return (
    <li className="flex">
      <Card asChild className={cn('flex w-full flex-col p-6 sm:p-7', chosen && 'ring-2 ring-accent')}>
        <section aria-labelledby={titleId}>
          <div className="flex items-center justify-between gap-3">
            <span className="flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            {chosen && (
              <Badge tone="accent">
                <Check className="size-3.5" aria-hidden="true" />
                {t('lane.chosen')}
              </Badge>
            )}
          </div>
          <h2 id={titleId} className="mt-5 font-display text-2xl font-semibold">
            {labels.topic(LANES[lane].topic)}
          </h2>
          <p className="mt-2 text-fg-muted text-pretty">{t(body)}</p>
          {items.length > 0 && (
            <>
              <p className="mt-6 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                {t('lane.fromProfile')}
              </p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {items.map((item) => (
                  <li key={item}>
                    <Badge tone="accent" className="px-3 py-1 text-sm font-medium">
                      {labels.topic(item)}
                    </Badge>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="mt-auto pt-8">
            <Button
              className="w-full"
              variant={chosen ? 'secondary' : 'primary'}
              onClick={onChoose}
              disabled={busy || chosen}
              aria-busy={choosing || undefined}
              aria-describedby={titleId}
            >
              {choosing && <Spinner className="size-4" />}
              {chosen && <Check className="size-4" aria-hidden="true" />}
              {chosen ? t('lane.chosen') : t('lane.choose')}
            </Button>
          </div>
        </section>
      </Card>
    </li>
  );
}
