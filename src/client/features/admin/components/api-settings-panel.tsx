import { Button } from '@client/components/ui/button';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { isValidApiKey } from '@shared/domain/admin';
import type { TProviderKeyStatus } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { providerKeyStatusQueryOptions, useRemoveProviderKey, useSetProviderKey } from '../api/mail';
import { EditorLoadState, useFormatDate } from './content-editor-parts';

/**
 * API settings (spec §2, §5): the e-mail provider's key. Only its masked form ever comes back from the
 * server; a new one replaces it, and removing it sends mail through SMTP again.
 */
export function ApiSettingsPanel() {
  const { t } = useTranslation();
  const status = useQuery(providerKeyStatusQueryOptions);
  return (
    <div>
      <p className="text-fg-muted">{t('admin.apiSettings.intro')}</p>
      <div className="mt-5">
        {status.isSuccess ? (
          <ProviderKeyForm status={status.data} />
        ) : (
          <EditorLoadState
            query={status}
            loginMessage={t('errors.admin_session_missing')}
            errorMessage={t('admin.apiSettings.loadFailed')}
          />
        )}
      </div>
    </div>
  );
}

function ProviderKeyForm({ status }: { status: TProviderKeyStatus }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const keyRef = useRef<HTMLInputElement>(null);
  const [key, setKey] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const setProviderKey = useSetProviderKey();
  const removeProviderKey = useRemoveProviderKey();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (setProviderKey.isPending) return;
    if (!isValidApiKey(key)) {
      setInvalid(true);
      keyRef.current?.focus();
      return;
    }
    setProviderKey.mutate(key.trim(), {
      onSuccess: () => {
        setKey('');
        toast.success(t('admin.apiSettings.saved'));
      },
      onError: (error) => {
        if (isAdminSessionMissing(error)) return;
        if (error instanceof ApiError && error.code === 'invalid_api_key') setInvalid(true);
        toast.error(t('admin.apiSettings.saveFailed'), { description: t(errorMessageKey(error)) });
      },
    });
  };

  const remove = () => {
    removeProviderKey.mutate(undefined, {
      onSuccess: () => {
        setConfirmOpen(false);
        toast.success(t('admin.apiSettings.removed'));
        // The button that opened the dialog is gone with the key; the field for a new one is next.
        keyRef.current?.focus();
      },
      onError: (error) => {
        setConfirmOpen(false);
        if (isAdminSessionMissing(error)) return;
        toast.error(t('admin.apiSettings.removeFailed'), { description: t(errorMessageKey(error)) });
      },
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-2xl bg-surface-sunken p-4 sm:flex-row sm:items-center sm:justify-between">
        <dl>
          <dt className="text-sm font-medium text-fg-muted">{t('admin.apiSettings.statusLabel')}</dt>
          <dd className="mt-1 [overflow-wrap:anywhere]">
            {status.configured && status.masked ? (
              <>
                <span className="font-mono break-all">
                  {t('admin.apiSettings.set', { masked: status.masked })}
                </span>
                {status.updatedAt && (
                  <span className="mt-1 block text-sm text-fg-muted">
                    {t('admin.apiSettings.updated', { date: formatDate(status.updatedAt) })}
                  </span>
                )}
              </>
            ) : (
              t('admin.apiSettings.notSet')
            )}
          </dd>
        </dl>
        {/* Outside the key's form: a submit inside the dialog would otherwise reach it through the portal. */}
        {status.configured && (
          <ConfirmDialog
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            trigger={
              <button type="button" className={DANGER_OUTLINE_BUTTON_CLASS}>
                {t('admin.apiSettings.remove')}
              </button>
            }
            title={t('admin.apiSettings.removeTitle')}
            description={t('admin.apiSettings.removeBody')}
            confirmLabel={t('admin.apiSettings.remove')}
            cancelLabel={t('common.cancel')}
            pendingLabel={t('admin.apiSettings.removing')}
            pending={removeProviderKey.isPending}
            onConfirm={remove}
          />
        )}
      </div>

      <form noValidate onSubmit={submit}>
        <Field
          label={t('admin.apiSettings.keyLabel')}
          hint={t('admin.apiSettings.keyHint')}
          error={invalid ? t('admin.apiSettings.invalid') : undefined}
        >
          {(control) => (
            <Input
              {...control}
              ref={keyRef}
              type="password"
              name="providerKey"
              autoComplete="off"
              spellCheck={false}
              value={key}
              onChange={(event) => {
                setKey(event.target.value);
                setInvalid(false);
              }}
              className="font-mono"
            />
          )}
        </Field>
        <div className="mt-4 flex justify-end">
          <Button
            type="submit"
            disabled={setProviderKey.isPending}
            aria-busy={setProviderKey.isPending || undefined}
          >
            {setProviderKey.isPending && <Spinner className="size-4" />}
            {t('admin.apiSettings.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
