import { MirrorMark } from '@client/components/mirror-mark';
import { cn } from '@client/lib/cn';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The blur layer over a page that has not been revealed yet (spec §2 landing, §4): the animated wordmark,
 * one big button. Clicking anywhere or pressing Enter plays the reveal.
 */
export function RevealVeil({ revealing, onReveal }: { revealing: boolean; onReveal: () => void }) {
  const { t } = useTranslation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div
      data-testid="reveal-veil"
      data-reveal-veil=""
      className={cn(
        'fixed inset-0 z-40 bg-surface/55 backdrop-blur-lg',
        revealing && 'veil-revealing pointer-events-none',
      )}
    >
      <button
        ref={buttonRef}
        type="button"
        onClick={onReveal}
        disabled={revealing}
        className="flex size-full cursor-pointer flex-col items-center justify-center gap-6 text-fg outline-none focus-visible:[&_.veil-word]:underline focus-visible:[&_.veil-word]:decoration-2 focus-visible:[&_.veil-word]:underline-offset-8"
      >
        {/* The button is named by what it shows: the wordmark and the hint (WCAG 2.5.3, label in name). */}
        <span className={cn('flex flex-col items-center gap-5', !revealing && 'veil-idle')}>
          <span aria-hidden="true" className="veil-mark inline-flex [perspective:600px]">
            <MirrorMark className="size-16 text-accent sm:size-20" />
          </span>
          <span className="veil-word font-display text-5xl font-semibold tracking-tight sm:text-7xl">
            {t('app.name')}
          </span>
        </span>
        {/* public/boot.js hides the hint when the veil is tapped before the app runs (decision 056). Which
            hint fits is a media query, so the server's page says it right before any script runs. */}
        <span
          data-veil-hint=""
          className={cn('text-sm tracking-wide text-fg-muted', revealing && 'opacity-0')}
        >
          <span className="pointer-coarse:hidden">{t('landing.overlay.hint')}</span>
          <span className="hidden pointer-coarse:inline">{t('landing.overlay.hintTouch')}</span>
        </span>
      </button>
    </div>
  );
}
