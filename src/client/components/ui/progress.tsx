import { cn } from '@client/lib/cn';
import { Progress as RadixProgress } from 'radix-ui';

type ProgressProps = {
  value: number;
  max: number;
  /** What the bar measures, read by screen readers (`aria-label`). */
  label: string;
  /** The value in words ("2 of 7 reflections"), read instead of a percentage. */
  valueText?: string;
  className?: string;
};

/** A quiet progress bar (role progressbar) whose fill glides to its new width. */
export function Progress({ value, max, label, valueText, className }: ProgressProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <RadixProgress.Root
      value={clamped}
      max={max}
      aria-label={label}
      getValueLabel={valueText ? () => valueText : undefined}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-surface-sunken', className)}
    >
      <RadixProgress.Indicator
        className="h-full rounded-full bg-accent transition-[width] duration-500 ease-out"
        style={{ width: `${percent}%` }}
      />
    </RadixProgress.Root>
  );
}
