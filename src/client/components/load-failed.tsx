import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';

/** A calm message that something could not be loaded, with the way to try again. */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
  retrying,
  children,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  retrying: boolean;
  children?: ReactNode;
}) {
  return (
    <Card role="alert" className="p-6 text-center sm:p-8">
      <p className="text-lg text-pretty">{message}</p>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCcw className="size-4" aria-hidden="true" />
          {retryLabel}
        </Button>
        {children}
      </div>
    </Card>
  );
}
