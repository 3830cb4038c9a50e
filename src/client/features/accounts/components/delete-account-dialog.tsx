import { PasswordField } from '@client/components/password-field';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from '../api/account';
import { useLeaveSignedOut } from '../hooks/use-leave-signed-out';

type PasswordProblem = 'auth.error.passwordRequired' | 'settings.deleteAccount.password.wrong';

/**
 * "Delete my account": asks for the current password, deletes the account and everything in it, signs out
 * and goes home. A wrong password is said next to the field; anything else in the spec's toast.
 */
export function DeleteAccountDialog() {
  const { t } = useTranslation();
  const deleteAccount = useDeleteAccount();
  const leave = useLeaveSignedOut();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<PasswordProblem | null>(null);

  const fail = (next: PasswordProblem) => {
    setProblem(next);
    passwordRef.current?.focus();
  };

  const confirm = () => {
    if (password === '') return fail('auth.error.passwordRequired');
    setProblem(null);
    deleteAccount.mutate(
      { password },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(t('settings.deleteAccount.done'));
          leave();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'wrong_password') {
            return fail('settings.deleteAccount.password.wrong');
          }
          toast.error(t('settings.deleteAccount.error'), { description: t(errorMessageKey(error)) });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={DANGER_OUTLINE_BUTTON_CLASS}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t('settings.deleteAccount.button')}
        </button>
      }
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword('');
          setProblem(null);
        }
      }}
      title={t('settings.deleteAccount.confirmTitle')}
      description={t('settings.deleteAccount.confirmBody')}
      confirmLabel={t('settings.deleteAccount.button')}
      cancelLabel={t('common.cancel')}
      pendingLabel={t('settings.working')}
      pending={deleteAccount.isPending}
      onConfirm={confirm}
      initialFocus={passwordRef}
    >
      <PasswordField
        label={t('settings.deleteAccount.password.label')}
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          setProblem(null);
        }}
        error={problem ? t(problem) : undefined}
        inputRef={passwordRef}
      />
    </ConfirmDialog>
  );
}
