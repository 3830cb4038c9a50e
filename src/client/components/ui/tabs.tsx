import { cn } from '@client/lib/cn';
import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * Tabs (Radix: role tablist/tab/tabpanel; arrow keys move between tabs, Home and End jump, Tab moves into the
 * panel). Name every list with `aria-label`. The list wraps on narrow screens instead of scrolling, so no tab
 * hides off-screen.
 */
export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={cn('min-w-0', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn(
        'inline-flex max-w-full flex-wrap items-center gap-1 rounded-2xl bg-surface-sunken p-1',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-xl px-3.5 py-1.5 text-sm font-medium whitespace-nowrap',
        'text-fg-muted transition hover:text-fg disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-surface-raised data-[state=active]:text-fg data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('mt-5 rounded-2xl', className)} {...props} />;
}
