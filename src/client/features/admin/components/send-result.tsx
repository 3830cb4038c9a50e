import { cn } from '@client/lib/cn';
import { CircleAlert, CircleCheck, Clock } from 'lucide-react';

/** `warning`: not sent yet, but it will be (held by the stop, or waiting for a retry). */
export type SendResultLine = { tone: 'success' | 'danger' | 'warning'; text: string };

/**
 * What happened to an e-mail sent from a panel, under its button. The region is always there, so a screen
 * reader hears the result when it arrives; the icon and the words, not only the colour, tell the outcome.
 */
export function SendResult({ result }: { result: SendResultLine | null }) {
  return (
    <div role="status" className="mt-4 min-h-6">
      {result && (
        <p
          className={cn(
            'flex items-start gap-2 rounded-xl p-3 text-sm font-medium break-words',
            result.tone === 'success' && 'bg-success/12 text-fg',
            result.tone === 'warning' && 'bg-surface-sunken text-fg',
            result.tone === 'danger' && 'bg-danger/10 text-danger',
          )}
        >
          {result.tone === 'success' ? (
            <CircleCheck aria-hidden="true" className="mt-px size-4 shrink-0 text-success" />
          ) : result.tone === 'warning' ? (
            <Clock aria-hidden="true" className="mt-px size-4 shrink-0" />
          ) : (
            <CircleAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
          )}
          <span>{result.text}</span>
        </p>
      )}
    </div>
  );
}
