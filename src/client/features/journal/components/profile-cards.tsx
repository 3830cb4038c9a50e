import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { useJournalLabels } from '@client/lib/journal-labels';
import type { ProfileLists } from '@shared/domain/journal';
import { Compass, Heart, type LucideIcon, Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const CARDS = [
  { list: 'what_matters', title: 'dashboard.profile.whatMatters', Icon: Heart },
  { list: 'where_safe', title: 'dashboard.profile.whereSafe', Icon: Shield },
  { list: 'edges', title: 'dashboard.profile.edges', Icon: Compass },
] as const satisfies { list: keyof ProfileLists; title: string; Icon: LucideIcon }[];

const panel = 'p-5 sm:p-6';
const panels = 'grid divide-y divide-border overflow-hidden md:grid-cols-3 md:divide-x md:divide-y-0';

/**
 * The profile from onboarding (spec §2 dashboard): what matters, where you're safe, edges to explore. One
 * card with three panels, so that on a phone the week is not pushed far down.
 */
export function ProfileCards({ profile }: { profile: ProfileLists }) {
  const { t } = useTranslation();
  const labels = useJournalLabels();
  return (
    <Card asChild className={panels}>
      <ul>
        {CARDS.map(({ list, title, Icon }) => (
          <li key={list} className={panel}>
            <h3 className="flex items-center gap-2 font-display text-lg font-semibold">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              {t(title)}
            </h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {profile[list].map((label) => (
                <li key={label}>
                  <Badge tone="accent" className="px-3 py-1 text-sm font-medium">
                    {labels.topic(label)}
                  </Badge>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The same card as a placeholder while the dashboard loads (or could not). */
export function ProfileCardsSkeleton({ pulse }: { pulse: boolean }) {
  const block = cn('bg-surface-sunken', pulse && 'animate-pulse');
  return (
    <Card className={panels} aria-hidden="true">
      {CARDS.map(({ list }) => (
        <div key={list} className={panel}>
          <div className="flex items-center gap-2">
            <div className={cn(block, 'size-8 rounded-full')} />
            <div className={cn(block, 'h-5 w-32 rounded')} />
          </div>
          <div className="mt-3 flex gap-2">
            <div className={cn(block, 'h-7 w-20 rounded-full')} />
            <div className={cn(block, 'h-7 w-24 rounded-full')} />
          </div>
        </div>
      ))}
    </Card>
  );
}
