import { cn } from '@client/lib/cn';

/** A quiet busy indicator; pair it with visible text that says what is happening. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-6 animate-spin rounded-full border-2 border-current border-t-transparent',
        className,
      )}
    />
  );
}
