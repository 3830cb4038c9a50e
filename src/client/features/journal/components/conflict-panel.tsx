import { Button } from '@client/components/ui/button';
import { GitMerge } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mergedTexts } from '../reflection-draft';

/** One of the two texts of a conflict, whole: it scrolls when long, and the keyboard can scroll it too. */
function ConflictText({ label, text }: { label: string; text: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <figure aria-labelledby={labelId} className="min-w-0">
      <figcaption id={labelId} className="text-xs font-semibold tracking-wide text-accent uppercase">
        {label}
      </figcaption>
      <section
        aria-labelledby={labelId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="mt-1 max-h-48 overflow-auto rounded-xl bg-surface p-3 text-sm whitespace-pre-wrap break-words"
      >
        {text.trim() ? text : <span className="text-fg-muted italic">{t('reflection.conflict.empty')}</span>}
      </section>
    </figure>
  );
}

/**
 * Shown when a save was refused because the text was saved on another device since (a day's reflection, an
 * onboarding answer): both texts side by side, and the person chooses. Nothing is saved until they do.
 */
export function ConflictPanel({
  title,
  mine,
  theirs,
  onChoose,
}: {
  title: string;
  mine: string;
  theirs: string;
  onChoose: (text: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  // It appears above the text being written: brought into view and focused, so that nobody types on
  // without seeing it, and the keyboard is at the choices.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
    panel.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      data-testid="text-conflict"
      className="mt-3 scroll-mt-24 rounded-2xl border border-accent/30 bg-surface-sunken p-4 outline-none focus-visible:ring-2 focus-visible:ring-accent sm:p-5"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        <GitMerge className="size-4 shrink-0 text-accent" aria-hidden="true" />
        {title}
      </h3>
      <p className="mt-1 text-sm text-fg-muted">{t('reflection.conflict.body')}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <ConflictText label={t('reflection.conflict.mine')} text={mine} />
        <ConflictText label={t('reflection.conflict.theirs')} text={theirs} />
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="button" size="sm" onClick={() => onChoose(mine)}>
          {t('reflection.conflict.keepMine')}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => onChoose(theirs)}>
          {t('reflection.conflict.keepTheirs')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => onChoose(mergedTexts(theirs, mine))}
        >
          {t('reflection.conflict.keepBoth')}
        </Button>
      </div>
    </section>
  );
}
