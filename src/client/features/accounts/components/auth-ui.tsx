import { Button } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/field';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/lib/toast';
import { useIsClient } from '@client/lib/use-is-client';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../auth-checks';

/**
 * The heading of one view of the auth card. `focus` moves focus to it when the view appears after a change
 * (not on the page's first load, where the shell has already put focus on the page).
 */
export function ViewHeading({ focus, children }: { focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the view first appears
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, []);
  return (
    <h1
      ref={ref}
      tabIndex={-1}
      className="font-display text-3xl font-semibold text-balance outline-none sm:text-4xl"
    >
      {children}
    </h1>
  );
}

/** A success or error note at the top of a view (e-mail confirmed, link expired, password changed). */
export function Notice({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      className={
        tone === 'success'
          ? 'flex items-start gap-3 rounded-2xl bg-accent-soft px-4 py-3 text-sm text-fg'
          : 'flex items-start gap-3 rounded-2xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-fg'
      }
    >
      <Icon
        className={
          tone === 'success' ? 'mt-0.5 size-5 shrink-0 text-accent' : 'mt-0.5 size-5 shrink-0 text-danger'
        }
        aria-hidden="true"
      />
      <div>{children}</div>
    </div>
  );
}

/**
 * The end of every auth form: the error about the whole form (announced as it appears) and the submit
 * button, disabled with a spinner while the request is under way.
 */
export function FormFooter({
  error,
  pending,
  children,
}: {
  error: string | undefined;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // A server-rendered form cannot be sent before its code runs: the browser would send it by itself.
  const ready = useIsClient();
  return (
    <>
      <div role="alert">{error && <FieldError className="mt-5">{error}</FieldError>}</div>
      <Button
        type="submit"
        className="mt-6 w-full"
        disabled={!ready || pending}
        aria-busy={pending || undefined}
      >
        {pending && <Spinner className="size-4" />}
        {pending ? t('auth.submitting') : children}
      </Button>
    </>
  );
}

/**
 * The toast for a failed auth request (spec §8): 'Authentication Error' with the message for an answer we
 * know (including "you seem to be offline"), 'Something went wrong / Please try again.' for anything else.
 */
export function useAuthErrorToast() {
  const { t } = useTranslation();
  return (problem: FieldProblem) => {
    if (problem.message === 'errors.unknown') {
      toast.error(t('auth.error.generic.title'), { description: t('auth.error.generic.body') });
    } else if (problem.message === 'auth.error.passwordsMismatch.title') {
      toast.error(t('auth.error.passwordsMismatch.title'), {
        description: t('auth.error.passwordsMismatch.body'),
      });
    } else {
      toast.error(t('auth.error.title'), { description: t(problem.message) });
    }
  };
}
