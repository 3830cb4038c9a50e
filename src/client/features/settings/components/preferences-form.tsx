import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import type { TSettings } from '@shared/schemas/journal';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveSettings } from '../api/settings';
import { checkSettings, isSettingsChanged } from '../settings-draft';

/**
 * AI insights and the daily reminder, saved together with one button (spec §4). The button is enabled once
 * something differs from what is saved; a time that is not whole (the field cleared, say) is said inline.
 */
export function PreferencesForm({ saved }: { saved: TSettings }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const aiId = useId();
  const aiHintId = useId();
  const timeRef = useRef<HTMLInputElement>(null);
  const [aiEnabled, setAiEnabled] = useState(saved.aiEnabled);
  const [reminderTime, setReminderTime] = useState(saved.reminderTime);
  const [timeInvalid, setTimeInvalid] = useState(false);
  const changed = isSettingsChanged(saved, { aiEnabled, reminderTime });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !changed) return;
    const check = checkSettings({ aiEnabled, reminderTime });
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

  return (
    <form noValidate onSubmit={submit}>
      <div className="flex items-start justify-between gap-6">
        <div>
          <label htmlFor={aiId} className="block font-medium">
            {t('settings.ai.label')}
          </label>
          <p id={aiHintId} className="mt-1 text-sm text-fg-muted">
            {t('settings.ai.hint')}
          </p>
        </div>
        <Switch
          id={aiId}
          aria-describedby={aiHintId}
          checked={aiEnabled}
          onCheckedChange={setAiEnabled}
          className="mt-0.5"
        />
      </div>

      <Field
        className="mt-8"
        label={t('settings.reminder.label')}
        hint={t('settings.reminder.hint')}
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
              value={reminderTime}
              onChange={(event) => {
                setReminderTime(event.target.value);
                setTimeInvalid(false);
              }}
              className="tabular-nums"
            />
          </div>
        )}
      </Field>

      <div className="mt-8 flex justify-end">
        <Button type="submit" disabled={!changed || save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending && <Spinner className="size-4" />}
          {save.isPending ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
