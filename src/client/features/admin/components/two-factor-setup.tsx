import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { isTotpCodeShape, normalizeTotpCode } from '@shared/domain/staff';
import type { TAdminSession } from '@shared/schemas/admin';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBeginTwoFactorSetup, useConfirmTwoFactorSetup } from '../api/staff';
import { QrCode } from './qr-code';

/**
 * Setting up two-factor sign-in: scan the QR code (or type the key) into an authenticator app, then prove it
 * with the code the app shows. `onEnabled` gets the ten recovery codes and the session (which, at a sign-in
 * that required the setup, is now a full one).
 */
export function TwoFactorSetup({
  onEnabled,
  onCancel,
}: {
  onEnabled: (result: { recoveryCodes: string[]; session: TAdminSession }) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const begin = useBeginTwoFactorSetup();
  const confirm = useConfirmTwoFactorSetup();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const started = useRef(false);
  const beginSetup = begin.mutate;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    beginSetup();
  }, [beginSetup]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (!isTotpCodeShape(code)) {
      setProblem(t('admin.twoFactor.codeShape'));
      codeRef.current?.focus();
      return;
    }
    setProblem(null);
    confirm.mutate(normalizeTotpCode(code), {
      onSuccess: onEnabled,
      onError: (error) => {
        setCode('');
        codeRef.current?.focus();
        if (error instanceof ApiError && error.code === 'two_factor_not_started') {
          setProblem(t('errors.two_factor_not_started'));
          begin.mutate();
          return;
        }
        setProblem(t(errorMessageKey(error)));
      },
    });
  };

  if (begin.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-5">
        <p>{t(errorMessageKey(begin.error))}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => begin.mutate()}>
          {t('admin.list.retry')}
        </Button>
      </div>
    );
  }
  const setup = begin.data;
  if (!setup) {
    return (
      <p role="status" className="flex items-center gap-3 py-6 text-fg-muted">
        <Spinner className="size-5 text-accent" />
        {t('admin.twoFactor.preparing')}
      </p>
    );
  }
  return (
    <form noValidate onSubmit={submit}>
      <ol className="space-y-6">
        <li>
          <p className="font-medium">{t('admin.twoFactor.step1')}</p>
          <div className="mt-4 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            <QrCode qr={setup.qr} label={t('admin.twoFactor.qrLabel')} />
            <div className="min-w-0 text-sm text-fg-muted">
              <p>{t('admin.twoFactor.manual')}</p>
              <p className="mt-2 rounded-xl bg-surface-sunken px-3 py-2 font-mono text-base tracking-wider break-all text-fg">
                {setup.secret}
              </p>
            </div>
          </div>
        </li>
        <li>
          <Field
            label={t('admin.twoFactor.step2')}
            hint={t('admin.twoFactor.codeHint')}
            error={problem ?? undefined}
          >
            {(control) => (
              <Input
                {...control}
                ref={codeRef}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                spellCheck={false}
                value={code}
                maxLength={9}
                className="max-w-48 font-mono tracking-widest"
                onChange={(event) => {
                  setCode(event.target.value);
                  setProblem(null);
                }}
              />
            )}
          </Field>
        </li>
      </ol>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
          {confirm.isPending && <Spinner className="size-4" />}
          {t('admin.twoFactor.confirm')}
        </Button>
      </div>
    </form>
  );
}
