import { toLocale } from '@shared/domain/locale';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from '../api/account';
import { checkEmail, type FieldProblem, problemOfError } from '../auth-checks';
import { EmailField } from './auth-fields';
import { FormFooter, Notice, useAuthErrorToast } from './auth-ui';
import { ResendEmail } from './resend-email';

/**
 * "Forgot your password?": asks for a reset link. The answer is the same whether or not the address has an
 * account, so nobody learns who has one.
 */
export function ResetRequestForm({
  email,
  onEmailChange,
}: {
  email: string;
  onEmailChange: (email: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const request = useRequestPasswordReset();
  // Its own mutation, so a refused resend leaves the first request's success (and this view) in place.
  const resend = useRequestPasswordReset();
  const toastError = useAuthErrorToast();
  const emailRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const check = checkEmail(email);
    if (!check.ok) {
      setProblem(check.problem);
      emailRef.current?.focus();
      return;
    }
    setProblem(null);
    request.mutate(
      { email: check.value, language: toLocale(i18n.language) },
      {
        onError: (error) => {
          const next = problemOfError(error);
          setProblem(next);
          toastError(next);
        },
      },
    );
  };

  if (request.isSuccess) {
    return (
      <>
        <Notice tone="success">{t('auth.reset.request.sent')}</Notice>
        <ResendEmail
          sentText={t('auth.resend.sentReset')}
          send={() =>
            resend.mutateAsync({
              email: request.variables?.email ?? email,
              language: toLocale(i18n.language),
            })
          }
        />
      </>
    );
  }

  const emailProblem = problem?.field === 'email' ? t(problem.message) : undefined;
  const formProblem = problem && problem.field !== 'email' ? t(problem.message) : undefined;
  return (
    <form noValidate onSubmit={submit}>
      <EmailField
        value={email}
        onValueChange={(value) => {
          onEmailChange(value);
          setProblem(null);
        }}
        error={emailProblem}
        inputRef={emailRef}
      />
      <FormFooter error={formProblem} pending={request.isPending}>
        {t('auth.reset.request.submit')}
      </FormFooter>
    </form>
  );
}
