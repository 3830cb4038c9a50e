import { PasswordField } from '@client/components/password-field';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { STAFF_PASSWORD_MIN_LENGTH } from '@shared/domain/staff';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffInvitationQueryOptions, useAcceptStaffInvitation } from '../api/staff';

/**
 * Accepting an invitation to the staff (decision 022): the address is fixed by the link, the role is shown,
 * and the person chooses a password (twice). The account is made and signed in; where two-factor sign-in is
 * required, the page goes on to its setup.
 */
export function StaffInvitationForm({ token, onDismiss }: { token: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const info = useQuery(staffInvitationQueryOptions(token));
  const accept = useAcceptStaffInvitation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<{ field: 'password' | 'confirm'; text: string } | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  if (info.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 py-10 text-fg-muted">
        <Spinner className="size-5 text-accent" />
        {t('admin.staffInvite.checking')}
      </p>
    );
  }
  if (info.isError) {
    return (
      <div className="mt-8 space-y-5">
        <p role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm">
          {t(
            errorMessageKey(info.error) === 'errors.invalid_token'
              ? 'admin.staffInvite.invalid'
              : errorMessageKey(info.error),
          )}
        </p>
        <Button variant="secondary" className="w-full" onClick={onDismiss}>
          {t('admin.staffInvite.toSignIn')}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending) return;
    if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
      setProblem({
        field: 'password',
        text: t('admin.account.password.tooShort', { count: STAFF_PASSWORD_MIN_LENGTH }),
      });
      passwordRef.current?.focus();
      return;
    }
    if (confirm !== password) {
      setProblem({ field: 'confirm', text: t('auth.error.passwordsMismatch.title') });
      confirmRef.current?.focus();
      return;
    }
    setProblem(null);
    accept.mutate(
      { token, password },
      { onError: (error) => setProblem({ field: 'password', text: t(errorMessageKey(error)) }) },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="mt-8 space-y-5">
      <p className="rounded-2xl bg-accent-soft px-4 py-3 text-sm">
        {t('admin.staffInvite.intro', { role: t(`admin.roles.${info.data.role}`) })}
      </p>
      <Field label={t('admin.login.email')}>
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="username"
            readOnly
            value={info.data.email}
          />
        )}
      </Field>
      <PasswordField
        label={t('admin.staffInvite.password')}
        hint={t('admin.account.password.hint', { count: STAFF_PASSWORD_MIN_LENGTH })}
        name="password"
        autoComplete="new-password"
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          setProblem(null);
        }}
        error={problem?.field === 'password' ? problem.text : undefined}
        inputRef={passwordRef}
      />
      <PasswordField
        label={t('auth.confirmPassword.label')}
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onValueChange={(value) => {
          setConfirm(value);
          setProblem(null);
        }}
        error={problem?.field === 'confirm' ? problem.text : undefined}
        inputRef={confirmRef}
      />
      <Button
        type="submit"
        className="w-full"
        disabled={accept.isPending}
        aria-busy={accept.isPending || undefined}
      >
        {accept.isPending && <Spinner className="size-4" />}
        {accept.isPending ? t('admin.login.submitting') : t('admin.staffInvite.submit')}
      </Button>
    </form>
  );
}
