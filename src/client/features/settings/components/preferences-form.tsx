import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import type { TSettingsView } from '@shared/schemas/journal';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveSettings } from '../api/settings';
import { checkSettings, isSettingsChanged, type SettingsDraft } from '../settings-draft';

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

/**
 * The daily reminder (on or off, and its time), the weekly insight by e-mail, and AI insights, saved together
 * with one button (spec §4). The button is enabled once something differs from what is saved; a time that is
 * not whole (the field cleared, say) is said inline. AI insights say what is sent where, or that this server
 * has no model, in which case they cannot be switched on.
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
  });
  const [timeInvalid, setTimeInvalid] = useState(false);
  const changed = isSettingsChanged(saved, draft);
  const set = (change: Partial<SettingsDraft>) => setDraft((current) => ({ ...current, ...change }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !changed) return;
    const check = checkSettings(draft);
    if (!check.ok) {
      setTimeInvalid(true);
      timeRef.current?.focus();
      return;
    }
    save.mutate(check.settings, {
      onSuccess: () => toast.success(t('settings.saved')),
      onError: (error) => toast.error(t('settings.errorSaving'), { description: t(errorMessageKey(error)) }),
    });
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
                  set({ reminderTime: event.target.value });
                  setTimeInvalid(false);
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

      <div className="flex justify-end">
        <Button type="submit" disabled={!changed || save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending && <Spinner className="size-4" />}
          {save.isPending ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
