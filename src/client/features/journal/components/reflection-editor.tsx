import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import {
  characterCount,
  fitReflection,
  isReflectionLongEnough,
  MAX_REFLECTION_LENGTH,
  REFLECTION_AUTOSAVE_MS,
} from '@shared/domain/journal';
import { toLocale } from '@shared/domain/locale';
import { href } from '@shared/routes';
import type { TEntry, TOpenedDay } from '@shared/schemas/journal';
import { Check, History, RefreshCw, Scissors, Shuffle } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EntryChangedError, readDayEntry, saveDayEntry, useAnotherPrompt } from '../api/journal';
import type { SaveStatus } from '../autosave';
import { useAutosave } from '../hooks/use-autosave';
import { useSessionEndedCheck } from '../hooks/use-journal-redirects';
import { useReturnCheck } from '../hooks/use-return-check';
import {
  afterSave,
  draftKey,
  draftToRestore,
  readDraft,
  removeDraft,
  sessionDraftStore,
  writeDraft,
} from '../reflection-draft';
import { ConflictPanel } from './conflict-panel';

const SAVE_STATUS_TEXT = {
  idle: null,
  pending: null,
  saving: 'reflection.saving',
  saved: 'reflection.saved',
  failed: 'reflection.saveFailed',
} as const satisfies Record<SaveStatus, string | null>;

/** From here on the counter shows the limit too, before anything has to be cut. */
const NEAR_THE_LIMIT = MAX_REFLECTION_LENGTH - 1000;

/** The day's prompt, with the way to ask for another one. */
function PromptCard({ reflection }: { reflection: TOpenedDay }) {
  const { t, i18n } = useTranslation();
  const another = useAnotherPrompt(reflection.day, toLocale(i18n.language));
  const checkSessionEnded = useSessionEndedCheck();
  const labelId = useId();
  const text = reflection.prompt.text.trim() || t('reflection.fallbackPrompt');

  const askForAnother = () =>
    another.mutate(undefined, {
      onError: (error) => {
        checkSessionEnded(error);
        toast.error(t('reflection.anotherPromptFailed'), { description: t(errorMessageKey(error)) });
      },
    });

  return (
    <section
      aria-labelledby={labelId}
      className="rounded-3xl border border-accent/15 bg-accent-soft/45 p-6 sm:p-8"
    >
      <h2 id={labelId} className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">
        {t('reflection.promptLabel')}
      </h2>
      {/* Announced when another prompt (or the prompt in another language) replaces it. */}
      <p aria-live="polite" className="mt-3 font-display text-xl leading-relaxed text-pretty sm:text-2xl">
        {text}
      </p>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="mt-4 -ml-3 text-accent"
        onClick={askForAnother}
        disabled={another.isPending}
        aria-busy={another.isPending || undefined}
      >
        {another.isPending ? (
          <Spinner className="size-4" />
        ) : (
          <Shuffle className="size-4" aria-hidden="true" />
        )}
        {t('reflection.anotherPrompt')}
      </Button>
    </section>
  );
}

/**
 * The writing part of a day (spec §2, §4, §5, §9): the text saves itself 2 s after a change and on blur;
 * Save needs at least 10 characters. Nothing typed is lost: a failed save keeps the text on the page and
 * retries, and a copy waits in session storage in case the page is reloaded before it is saved.
 */
export function ReflectionEditor({ reflection }: { reflection: TOpenedDay }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const ids = { field: useId(), hint: useId(), tooLong: useId() };
  const { day } = reflection;
  const storageKey = draftKey(reflection.week.id, day);
  const [text, setText] = useState(reflection.entry.contentText);
  const [restored, setRestored] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // How many characters of the last change did not fit under the limit: said, never cut silently.
  const [leftOut, setLeftOut] = useState(0);
  // The server version the text on the page builds on: every save names it, and the draft copy keeps it.
  const baseUpdatedAt = useRef(reflection.entry.updatedAt);
  const baseVersion = useRef(reflection.entry.version);
  // The entry as another device saved it, when a save was refused for that: the person chooses.
  const [conflict, setConflict] = useState<TEntry | null>(null);
  // Set when coming back to the page took in the text another device saved meanwhile: said, not silent.
  const [updatedElsewhere, setUpdatedElsewhere] = useState(false);
  const textRef = useRef(text);
  textRef.current = text;
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // Failures of the Save button are announced by it; background failures get a toast the first time.
  const saveRequested = useRef(false);
  const checkSessionEnded = useSessionEndedCheck();

  const { saver, status } = useAutosave<string>({
    delayMs: REFLECTION_AUTOSAVE_MS,
    warnBeforeUnload: true,
    save: async (value, mode) => {
      const entry = await saveDayEntry(day, value, baseVersion.current, mode);
      if (!entry) return;
      baseVersion.current = entry.version;
      baseUpdatedAt.current = entry.updatedAt;
      afterSave(sessionDraftStore(), storageKey, entry);
    },
    onError: (error, failuresInRow) => {
      if (error instanceof EntryChangedError) {
        // Not retried: the text stays on the page (and in the draft copy) until the person chooses.
        saver.discard();
        setConflict(error.current);
        return;
      }
      // The copy in session storage survives the way through sign-in and comes back afterwards.
      checkSessionEnded(error);
      if (failuresInRow === 1 && !saveRequested.current) {
        toast.error(t('reflection.errorSaving'), { description: t(errorMessageKey(error)) });
      }
    },
  });

  // A copy newer than the server's text (a failed save, then a reload) comes back, and is saved again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the day's entry arrives
  useEffect(() => {
    const draft = readDraft(sessionDraftStore(), storageKey);
    const restore = draftToRestore(draft, reflection.entry);
    if (restore === null) return;
    setText(restore);
    setRestored(true);
    saver.change(restore);
  }, []);

  /** The entry as another device saved it, taken in as the page's text and the version it builds on. */
  const takeIn = (entry: TEntry) => {
    baseVersion.current = entry.version;
    baseUpdatedAt.current = entry.updatedAt;
    setText(entry.contentText);
    removeDraft(sessionDraftStore(), storageKey);
  };

  // Back on a page hidden for a while: what another device saved meanwhile is taken in when nothing here is
  // unsaved, and shown beside this page's text when something is (typed while it was being read).
  useReturnCheck(() => {
    if (conflict || saver.hasUnsaved) return;
    void readDayEntry(day, toLocale(i18n.language))
      .then((entry) => {
        if (!entry || entry.version === baseVersion.current) return;
        if (entry.contentText === textRef.current) {
          baseVersion.current = entry.version;
          baseUpdatedAt.current = entry.updatedAt;
        } else if (saver.hasUnsaved) {
          saver.discard();
          setConflict(entry);
        } else {
          takeIn(entry);
          setUpdatedElsewhere(true);
        }
      })
      // A failed read changes nothing: the next save still names its version and is told.
      .catch(() => undefined);
  });

  const change = (value: string) => {
    setUpdatedElsewhere(false);
    setText(value);
    writeDraft(sessionDraftStore(), storageKey, {
      text: value,
      writtenAt: Date.now(),
      baseUpdatedAt: baseUpdatedAt.current,
    });
    saver.change(value);
  };

  /** The person's choice in the conflict: that text, written over the other device's version. */
  const choose = (chosen: string) => {
    if (!conflict) return;
    baseVersion.current = conflict.version;
    baseUpdatedAt.current = conflict.updatedAt;
    setConflict(null);
    if (chosen === conflict.contentText) {
      // The other device's text is what is saved already: nothing to save, no draft to keep.
      takeIn(conflict);
    } else {
      change(chosen);
      void saver.flush();
    }
    fieldRef.current?.focus();
  };

  /** What the person typed or pasted, cut to the limit if it goes past it, with a message saying so. */
  const type = (value: string) => {
    const fitted = fitReflection(value, text);
    if (fitted.leftOut > 0) setLeftOut(fitted.leftOut);
    else if (characterCount(fitted.text, MAX_REFLECTION_LENGTH) < MAX_REFLECTION_LENGTH) setLeftOut(0);
    change(fitted.text);
  };

  const longEnough = isReflectionLongEnough(text);
  const characters = useMemo(() => characterCount(text), [text]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!longEnough || submitting) return;
    setSubmitting(true);
    saveRequested.current = true;
    const saved = await saver.flush();
    saveRequested.current = false;
    setSubmitting(false);
    if (saved) {
      toast.success(t('reflection.savedToast'));
      navigate(href('dashboard'));
    } else {
      toast.error(t('reflection.errorSaving'));
    }
  };

  const statusText = SAVE_STATUS_TEXT[status];
  return (
    <div className="space-y-8">
      <PromptCard reflection={reflection} />

      <form noValidate onSubmit={(event) => void submit(event)}>
        <label htmlFor={ids.field} className="block font-display text-lg font-semibold">
          {t('reflection.textLabel')}
        </label>
        {restored && (
          <p
            role="status"
            className="mt-3 flex items-start gap-2 rounded-xl bg-surface-sunken px-4 py-3 text-sm"
          >
            <History className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            {t('reflection.restored')}
          </p>
        )}
        {updatedElsewhere && (
          <p
            role="status"
            className="mt-3 flex items-start gap-2 rounded-xl bg-surface-sunken px-4 py-3 text-sm"
          >
            <RefreshCw className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            {t('reflection.updatedElsewhere')}
          </p>
        )}
        {conflict && (
          <ConflictPanel
            title={t('reflection.conflict.title')}
            mine={text}
            theirs={conflict.contentText}
            onChoose={choose}
          />
        )}
        <Textarea
          ref={fieldRef}
          id={ids.field}
          readOnly={conflict !== null}
          className="mt-3 min-h-56"
          value={text}
          placeholder={t('reflection.placeholder')}
          aria-describedby={cn(!longEnough && ids.hint, leftOut > 0 && ids.tooLong) || undefined}
          onChange={(event) => type(event.currentTarget.value)}
          onBlur={() => {
            if (saver.hasUnsaved) void saver.flush();
          }}
        />
        {/* Always in the page, so that screen readers announce the message when it appears. */}
        <div role="alert" id={ids.tooLong}>
          {leftOut > 0 && (
            <p
              data-testid="reflection-too-long"
              className="mt-2 flex items-start gap-2 rounded-xl border border-accent/30 bg-surface-sunken px-4 py-3 text-sm"
            >
              <Scissors className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              {t('reflection.tooLong', {
                count: leftOut,
                shown: leftOut.toLocaleString(i18n.language),
                max: MAX_REFLECTION_LENGTH.toLocaleString(i18n.language),
              })}
            </p>
          )}
        </div>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-fg-muted">
          <span>
            {characters >= NEAR_THE_LIMIT
              ? t('reflection.charactersOfMax', {
                  shown: characters.toLocaleString(i18n.language),
                  max: MAX_REFLECTION_LENGTH.toLocaleString(i18n.language),
                })
              : t('reflection.characters', { count: characters })}
          </span>
          <span aria-live="polite" className="inline-flex items-center gap-1.5">
            {status === 'saved' && <Check className="size-3.5 text-success" aria-hidden="true" />}
            {statusText && !conflict ? t(statusText) : ''}
          </span>
        </div>

        <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p
            id={ids.hint}
            className={cn('text-sm text-fg-muted', longEnough && 'invisible max-sm:hidden')}
            aria-hidden={longEnough || undefined}
          >
            {t('reflection.hint')}
          </p>
          <Button
            type="submit"
            className="shrink-0"
            disabled={!longEnough || submitting || conflict !== null}
            aria-describedby={longEnough ? undefined : ids.hint}
            aria-busy={submitting || undefined}
          >
            {submitting ? <Spinner className="size-4" /> : <Check className="size-4" aria-hidden="true" />}
            {t('reflection.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
