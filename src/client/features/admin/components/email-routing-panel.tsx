import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import type { TEmailSettingsState } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { emailSettingsQueryOptions, useSaveEmailSettings } from '../api/mail';
import { checkOptionalAddress } from '../lib/mail-forms';
import { EditorLoadState } from './content-editor-parts';

/**
 * E-mail routing (spec §2, §5): the optional global BCC, saved with its button, and the auto-send switch,
 * saved as soon as it is flipped.
 */
export function EmailRoutingPanel() {
  const { t } = useTranslation();
  const settings = useQuery(emailSettingsQueryOptions);
  if (!settings.isSuccess) {
    return (
      <EditorLoadState
        query={settings}
        loginMessage={t('errors.admin_session_missing')}
        errorMessage={t('admin.emailRouting.loadFailed')}
      />
    );
  }
  return <EmailRoutingForm saved={settings.data} />;
}

function EmailRoutingForm({ saved }: { saved: TEmailSettingsState }) {
  const { t } = useTranslation();
  const autoSendId = useId();
  const autoSendHintId = useId();
  const bccRef = useRef<HTMLInputElement>(null);
  const [bcc, setBcc] = useState(saved.globalBcc ?? '');
  const [bccInvalid, setBccInvalid] = useState(false);
  const saveBcc = useSaveEmailSettings();
  const saveAutoSend = useSaveEmailSettings();
  // The switch moves at once; while its save runs (or after it failed) it shows this, then the saved value.
  const [pendingAutoSend, setPendingAutoSend] = useState<boolean | null>(null);
  const autoSend = pendingAutoSend ?? saved.autoSend;

  const submitBcc = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saveBcc.isPending) return;
    const check = checkOptionalAddress(bcc);
    if (!check.ok) {
      setBccInvalid(true);
      bccRef.current?.focus();
      return;
    }
    saveBcc.mutate(
      { globalBcc: check.address, autoSend: saved.autoSend },
      {
        onSuccess: (next) => {
          setBcc(next.globalBcc ?? '');
          toast.success(t(next.globalBcc ? 'admin.emailRouting.bccSaved' : 'admin.emailRouting.bccRemoved'));
        },
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          if (error instanceof ApiError && error.code === 'invalid_email') setBccInvalid(true);
          toast.error(t('admin.emailRouting.bccFailed'), { description: t(errorMessageKey(error)) });
        },
      },
    );
  };

  const changeAutoSend = (next: boolean) => {
    // One save at a time; the switch stays focusable (a disabled control would drop the keyboard focus).
    if (saveAutoSend.isPending) return;
    setPendingAutoSend(next);
    saveAutoSend.mutate(
      { globalBcc: saved.globalBcc, autoSend: next },
      {
        onSettled: () => setPendingAutoSend(null),
        onSuccess: (state) => {
          if (next) toast.success(t('admin.emailRouting.resumed', { count: saved.held }));
          else toast.success(t('admin.emailRouting.stopped', { count: state.held }));
        },
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          toast.error(t('admin.emailRouting.settingFailed'), { description: t(errorMessageKey(error)) });
        },
      },
    );
  };

  return (
    <div className="space-y-8">
      <form noValidate onSubmit={submitBcc}>
        <Field
          label={t('admin.emailRouting.bccLabel')}
          hint={t('admin.emailRouting.bccHint')}
          error={bccInvalid ? t('admin.emailRouting.bccInvalid') : undefined}
        >
          {(control) => (
            <Input
              {...control}
              ref={bccRef}
              type="email"
              name="globalBcc"
              autoComplete="off"
              spellCheck={false}
              value={bcc}
              onChange={(event) => {
                setBcc(event.target.value);
                setBccInvalid(false);
              }}
            />
          )}
        </Field>
        <div className="mt-4 flex justify-end">
          <Button
            type="submit"
            variant="secondary"
            disabled={saveBcc.isPending}
            aria-busy={saveBcc.isPending || undefined}
          >
            {saveBcc.isPending && <Spinner className="size-4" />}
            {t('admin.emailRouting.saveBcc')}
          </Button>
        </div>
      </form>

      <div className="flex items-start justify-between gap-6 border-t border-border pt-6">
        <div>
          <label htmlFor={autoSendId} className="block font-medium">
            {t('admin.emailRouting.autoSendLabel')}
          </label>
          <p id={autoSendHintId} className="mt-1 text-sm text-fg-muted">
            {t('admin.emailRouting.autoSendHint')}
          </p>
          <p className="mt-2 text-sm font-medium" aria-live="polite">
            {autoSend ? t('admin.emailRouting.autoSendOn') : t('admin.emailRouting.autoSendOff')}
          </p>
          {!saved.autoSend && (
            <p className="mt-2 rounded-xl bg-surface-sunken p-3 text-sm" data-testid="held-mail">
              {t('admin.emailRouting.held', { count: saved.held })}
            </p>
          )}
        </div>
        <Switch
          id={autoSendId}
          aria-describedby={autoSendHintId}
          checked={autoSend}
          aria-busy={saveAutoSend.isPending || undefined}
          onCheckedChange={changeAutoSend}
          className="mt-0.5"
        />
      </div>
    </div>
  );
}
