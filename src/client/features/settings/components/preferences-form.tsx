import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import type { TSettingsView } from '@shared/schemas/journal';
import { Check } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveSettings } from '../api/settings';
import { checkSettings, isSettingsChanged, type SettingsDraft, toReminderTime } from '../settings-draft';

/** A switch with its label and what it does, the text beside the switch. */
function SwitchRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-6">
      <div>
        <label htmlFor={id} className="block font-medium">
          {label}
        </label>
        <div id={hintId} className="mt-1 space-y-2 text-sm text-fg-muted">
          {hint}
        </div>
      </div>
      <Switch
        id={id}
        aria-describedby={hintId}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        className="mt-0.5"
      />
    </div>
  );
}

/** The browser's time zone as people read it ("America/New York"). */
function browserTimeZone(): string {
  return (Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC').replaceAll('_', ' ');
}

/** Typing a time gives a value per digit: it is saved once the typing has paused. */
const TIME_SAVE_DELAY_MS = 800;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The daily reminder (on or off, and its time), the weekly insight by e-mail, and AI insights (spec §4). Each
 * change is saved as it is made, all settings together in one request, one save at a time and always of the
 * latest values; the status beside them says when they are saved, or that saving failed, with a retry. A
 * time that is not whole (the field cleared, say) is said inline and not saved. AI insights say what is sent
 * where, or that this server has no model, in which case they cannot be switched on.
 */
export function PreferencesForm({ saved }: { saved: TSettingsView }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSettings();
  const timeRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<SettingsDraft>({
    aiEnabled: saved.aiEnabled && saved.aiService !== null,
    reminderTime: saved.reminderTime,
    remindersEnabled: saved.remindersEnabled,
    weeklyEmailEnabled: saved.weeklyEmailEnabled,
    weeklyEmailQuotes: saved.weeklyEmailQuotes,
  });
  const [timeInvalid, setTimeInvalid] = useState(false);
  const [state, setState] = useState<SaveState>('idle');
  // The latest values, and whether they wait for a save: one request at a time, the newest values last.
  const latest = useRef(draft);
  const waiting = useRef(false);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const savedNow = useRef(saved);
  savedNow.current = saved;

  const saveLatest = () => {
    clearTimeout(timer.current);
    if (inFlight.current || !waiting.current) return;
    const check = checkSettings(latest.current);
    waiting.current = false;
    if (!check.ok) return setState('idle');
    // Changed and changed back: nothing to send.
    if (!isSettingsChanged(savedNow.current, latest.current)) return setState('saved');
    inFlight.current = true;
    setState('saving');
    save.mutate(check.settings, {
      onSuccess: (answer) => {
        // Before the page renders with it: a change made meanwhile is compared with what is saved now.
        savedNow.current = answer;
        if (!waiting.current) setState('saved');
      },
      onError: (error) => {
        setState('failed');
        toast.error(t('settings.errorSaving'), { description: t(errorMessageKey(error)) });
      },
      onSettled: () => {
        inFlight.current = false;
        saveLatest();
      },
    });
  };

  const set = (change: Partial<SettingsDraft>, delayMs = 0) => {
    const next = { ...latest.current, ...change };
    latest.current = next;
    setDraft(next);
    waiting.current = true;
    setState('saving');
    clearTimeout(timer.current);
    if (delayMs > 0) timer.current = setTimeout(saveLatest, delayMs);
    else saveLatest();
  };

  // Leaving the page saves a time still waiting for its pause; closing it with something unsaved asks first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on leaving
  useEffect(() => () => saveLatest(), []);
  useEffect(() => {
    if (state !== 'saving' && state !== 'failed') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  const retry = () => {
    waiting.current = true;
    saveLatest();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checkSettings(latest.current).ok) {
      setTimeInvalid(true);
      timeRef.current?.focus();
      return;
    }
    if (waiting.current || state === 'failed') retry();
  };

  const nextReminder =
    saved.nextReminderAt &&
    new Intl.DateTimeFormat(i18n.language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(saved.nextReminderAt));

  return (
    <form noValidate onSubmit={submit} className="space-y-8">
      <div className="space-y-5">
        <SwitchRow
          label={t('settings.reminder.switch')}
          hint={
            <>
              <p>{t('settings.reminder.switchHint')}</p>
              {nextReminder && saved.remindersEnabled && (
                <p className="font-medium text-fg">{t('settings.reminder.next', { when: nextReminder })}</p>
              )}
            </>
          }
          checked={draft.remindersEnabled}
          onChange={(remindersEnabled) => set({ remindersEnabled })}
        />
        <Field
          label={t('settings.reminder.label')}
          hint={t('settings.reminder.hint', { zone: browserTimeZone() })}
          error={timeInvalid ? t('settings.reminder.invalid') : undefined}
        >
          {(control) => (
            <div className="max-w-48">
              <Input
                {...control}
                ref={timeRef}
                type="time"
                name="reminderTime"
                step={60}
                required
                value={draft.reminderTime}
                onChange={(event) => {
                  set({ reminderTime: event.target.value }, TIME_SAVE_DELAY_MS);
                  setTimeInvalid(false);
                }}
                onBlur={() => {
                  if (toReminderTime(latest.current.reminderTime) === null) setTimeInvalid(true);
                  else saveLatest();
                }}
                className="tabular-nums"
              />
            </div>
          )}
        </Field>
      </div>

      <div className="border-t border-border" />

      <SwitchRow
        label={t('settings.weekly.label')}
        hint={<p>{t('settings.weekly.hint')}</p>}
        checked={draft.weeklyEmailEnabled}
        onChange={(weeklyEmailEnabled) => set({ weeklyEmailEnabled })}
      />
      {draft.weeklyEmailEnabled && (
        <SwitchRow
          label={t('settings.weeklyQuotes.label')}
          hint={<p>{t('settings.weeklyQuotes.hint')}</p>}
          checked={draft.weeklyEmailQuotes}
          onChange={(weeklyEmailQuotes) => set({ weeklyEmailQuotes })}
        />
      )}

      <SwitchRow
        label={t('settings.ai.label')}
        hint={
          <>
            <p>{t('settings.ai.hint')}</p>
            <p>
              {saved.aiService
                ? t('settings.ai.sent', { host: saved.aiService.host, model: saved.aiService.model })
                : t('settings.ai.unavailable')}
            </p>
          </>
        }
        checked={draft.aiEnabled}
        disabled={!saved.aiService}
        onChange={(aiEnabled) => set({ aiEnabled })}
      />

      <div className="flex min-h-9 items-center justify-end gap-3 text-sm">
        <p role="status" className="inline-flex items-center gap-1.5 text-fg-muted">
          {state === 'saving' && <Spinner className="size-3.5" />}
          {state === 'saved' && <Check className="size-3.5 text-success" aria-hidden="true" />}
          {state === 'saving' && t('settings.saving')}
          {state === 'saved' && t('settings.saved')}
          {state === 'failed' && <span className="text-danger">{t('settings.notSaved')}</span>}
        </p>
        {state === 'failed' && (
          <Button type="submit" size="sm" variant="secondary">
            {t('settings.retry')}
          </Button>
        )}
      </div>
    </form>
  );
}
