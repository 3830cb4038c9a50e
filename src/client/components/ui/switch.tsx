import { cn } from '@client/lib/cn';
import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';

/** An on/off switch (Radix: role="switch", Space and Enter toggle it). Label it with a <label htmlFor>. */
export function Switch({ className, ...props }: ComponentProps<typeof RadixSwitch.Root>) {
  return (
    <RadixSwitch.Root
      className={cn(
        'inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
        'bg-fg-muted/55 data-[state=checked]:bg-accent disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <RadixSwitch.Thumb className="pointer-events-none block size-6 rounded-full bg-surface-raised shadow-md transition-transform data-[state=checked]:translate-x-5" />
    </RadixSwitch.Root>
  );
}
