import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { isTotpCodeShape, normalizeRecoveryCode, normalizeTotpCode } from '@shared/domain/staff';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_SESSION_TOAST_ID, adminSessionKey, useAdminLogout } from '../api/session';
import { useSecondFactor } from '../api/staff';

/**
 * The second step of the staff sign-in: the six-digit code from the authenticator app, or (switched by a
 * link) one of the recovery codes. After five wrong codes the server ends the half-done sign-in and the page
 * starts over with the password.
 */
export function SecondFactorForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const verify = useSecondFactor();
  const logout = useAdminLogout();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const startOver = () => queryClient.setQueryData(adminSessionKey, null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const value = recovery ? normalizeRecoveryCode(code) : normalizeTotpCode(code);
    if (recovery ? value.length !== 10 : !isTotpCodeShape(value)) {
      setProblem(t(recovery ? 'admin.twoFactor.recoveryShape' : 'admin.twoFactor.codeShape'));
      codeRef.current?.focus();
      return;
    }
    setProblem(null);
    verify.mutate(value, {
      onSuccess: () =>
        toast.success(t('admin.toast.loginSuccess.title'), {
          description: t('admin.toast.loginSuccess.body'),
          id: ADMIN_SESSION_TOAST_ID,
        }),
      onError: (error) => {
        setCode('');
        codeRef.current?.focus();
        if (error instanceof ApiError && error.status === 401) {
          toast.error(t('admin.toast.loginFailed.title'), {
            description: t(errorMessageKey(error)),
            id: ADMIN_SESSION_TOAST_ID,
          });
          startOver();
          return;
        }
        setProblem(t(errorMessageKey(error)));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="mt-8 space-y-5">
      <Field
        label={t(recovery ? 'admin.twoFactor.recoveryLabel' : 'admin.twoFactor.codeLabel')}
        hint={t(recovery ? 'admin.twoFactor.recoveryHint' : 'admin.twoFactor.codeHint')}
        error={problem ?? undefined}
      >
        {(control) => (
          <Input
            {...control}
            key={recovery ? 'recovery' : 'code'}
            ref={codeRef}
            name={recovery ? 'recoveryCode' : 'code'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={code}
            maxLength={recovery ? 16 : 9}
            className="font-mono tracking-widest"
            onChange={(event) => {
              setCode(event.target.value);
              setProblem(null);
            }}
          />
        )}
      </Field>
      <Button
        type="submit"
        className="w-full"
        disabled={verify.isPending}
        aria-busy={verify.isPending || undefined}
      >
        {verify.isPending && <Spinner className="size-4" />}
        {verify.isPending ? t('admin.login.submitting') : t('admin.twoFactor.verify')}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm sm:flex-row sm:justify-between">
        <button
          type="button"
          className="rounded-md font-medium text-accent underline-offset-4 hover:underline"
          onClick={() => {
            setRecovery((current) => !current);
            setCode('');
            setProblem(null);
          }}
        >
          {t(recovery ? 'admin.twoFactor.useApp' : 'admin.twoFactor.useRecovery')}
        </button>
        <button
          type="button"
          className="rounded-md font-medium text-fg-muted underline-offset-4 hover:underline"
          onClick={() => logout.mutate(undefined, { onSettled: startOver })}
        >
          {t('admin.twoFactor.startOver')}
        </button>
      </div>
    </form>
  );
}
