import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Progress } from '@client/components/ui/progress';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/lib/toast';
import { useReducedMotion } from '@client/lib/use-reduced-motion';
import { ONBOARDING_AUTOSAVE_MS } from '@shared/domain/journal';
import { MAX_ANSWER_LENGTH, ONBOARDING_QUESTIONS } from '@shared/domain/profile-analysis';
import { href } from '@shared/routes';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCompleteOnboarding, useSaveOnboardingAnswers } from '../api/journal';
import type { SaveStatus } from '../autosave';
import { useAutosave } from '../hooks/use-autosave';
import { useSessionEndedCheck } from '../hooks/use-journal-redirects';
import {
  answersForSteps,
  canComplete,
  canGoBack,
  canGoNext,
  canSkip,
  ONBOARDING_STEP_STATE,
  stepToOpen,
  withAnswer,
} from '../onboarding-steps';

const QUESTIONS = [
  { title: 'onboarding.q1.title', hint: 'onboarding.q1.hint' },
  { title: 'onboarding.q2.title', hint: 'onboarding.q2.hint' },
  { title: 'onboarding.q3.title', hint: 'onboarding.q3.hint' },
  { title: 'onboarding.q4.title', hint: 'onboarding.q4.hint' },
  { title: 'onboarding.q5.title', hint: 'onboarding.q5.hint' },
  { title: 'onboarding.q6.title', hint: 'onboarding.q6.hint' },
] as const;

const SAVE_STATUS_TEXT = {
  idle: null,
  pending: null,
  saving: 'onboarding.saving',
  saved: 'onboarding.saved',
  failed: 'onboarding.saveFailed',
} as const satisfies Record<SaveStatus, string | null>;

/** A short glide of the question in the direction of travel; nothing with reduced motion. */
function useStepEntrance(step: number, direction: number) {
  const ref = useRef<HTMLDivElement>(null);
  const reduceMotion = useReducedMotion();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: plays once per step change
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (reduceMotion || typeof ref.current?.animate !== 'function') return;
    ref.current.animate(
      [
        { opacity: 0, transform: `translateX(${direction * 24}px)` },
        { opacity: 1, transform: 'translateX(0)' },
      ],
      { duration: 320, easing: 'cubic-bezier(0.22, 1, 0.36, 1)' },
    );
  }, [step]);
  return ref;
}

/**
 * The six onboarding questions (spec §2, §4, §5): the first name, then five questions. Answers save
 * themselves 1 s after each change and when leaving a step or the page; Complete Profile sends them to be
 * analysed into the profile.
 */
export function OnboardingFlow({ savedAnswers }: { savedAnswers: string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { title: useId(), hint: useId(), step: useId() };
  const [answers, setAnswers] = useState(() => answersForSteps(savedAnswers));
  const [step, setStep] = useState(() =>
    stepToOpen(answersForSteps(savedAnswers), typeof window === 'undefined' ? null : window.history.state),
  );
  const [direction, setDirection] = useState(1);
  const { saver, status } = useAutosave<string[]>({
    delayMs: ONBOARDING_AUTOSAVE_MS,
    save: useSaveOnboardingAnswers(),
    onError: useSessionEndedCheck(),
  });
  const complete = useCompleteOnboarding();
  const stepRef = useStepEntrance(step, direction);
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  // The history entry remembers the question on screen: a reload opens on it, not on the next open one.
  useEffect(() => {
    window.history.replaceState({ ...window.history.state, [ONBOARDING_STEP_STATE]: step }, '');
  }, [step]);

  // The field of each step takes the focus, so typing can start at once and screen readers hear the question.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per step
  useEffect(() => {
    fieldRef.current?.focus({ preventScroll: true });
  }, [step]);

  const answer = answers[step] ?? '';
  const question = QUESTIONS[step] ?? QUESTIONS[0];
  const stepText = t('onboarding.step', { current: step + 1, total: ONBOARDING_QUESTIONS });

  const change = (value: string) => {
    const next = withAnswer(answers, step, value);
    setAnswers(next);
    saver.change(next);
  };

  const goTo = (next: number) => {
    void saver.flush();
    setDirection(next > step ? 1 : -1);
    setStep(next);
  };

  const finish = () => {
    if (complete.isPending) return;
    // The completion carries every answer; a separate autosave of the same would only race with it.
    saver.discard();
    complete.mutate(
      { answers },
      {
        onSuccess: () => {
          toast.success(t('onboarding.success'));
          navigate(href('dashboard'), { replace: true });
        },
        onError: () => {
          toast.error(t('onboarding.error.title'), { description: t('onboarding.error.body') });
          saver.change(answers);
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canComplete(step)) finish();
    else if (canGoNext(answers, step)) goTo(step + 1);
  };

  // Enter makes a new line in the longer answers; Ctrl/Cmd+Enter goes on, as Enter does in the name field.
  const onTextareaKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  const statusText = SAVE_STATUS_TEXT[status];
  const fieldProps = {
    ref: fieldRef,
    value: answer,
    maxLength: MAX_ANSWER_LENGTH,
    'aria-labelledby': ids.title,
    'aria-describedby': ids.hint,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      change(event.currentTarget.value),
  };

  return (
    <div className="mx-auto w-full max-w-2xl px-5 pt-6 pb-16 sm:px-6 sm:pt-12">
      <p className="font-display text-sm font-semibold tracking-[0.2em] text-accent uppercase">
        {t('onboarding.title')}
      </p>
      <div className="mt-4 flex items-baseline justify-between gap-4 text-sm">
        <p id={ids.step} className="font-medium text-fg-muted">
          {stepText}
        </p>
        <p aria-live="polite" className="inline-flex items-center gap-1.5 text-fg-muted">
          {status === 'saved' && <Check className="size-3.5 text-success" aria-hidden="true" />}
          {statusText ? t(statusText) : ''}
        </p>
      </div>
      <Progress
        className="mt-3"
        value={step + 1}
        max={ONBOARDING_QUESTIONS}
        label={t('onboarding.title')}
        valueText={stepText}
      />

      <Card className="mt-8 overflow-hidden p-6 sm:p-10">
        <form noValidate onSubmit={submit}>
          <div ref={stepRef}>
            <h1
              id={ids.title}
              className="font-display text-2xl leading-snug font-semibold text-balance sm:text-3xl"
            >
              {t(question.title)}
            </h1>
            <p id={ids.hint} className="mt-3 text-fg-muted">
              {t(question.hint)}
            </p>
            <div className="mt-6">
              {step === 0 ? (
                <Input
                  {...fieldProps}
                  name="firstName"
                  autoComplete="given-name"
                  placeholder={t('onboarding.q1.placeholder')}
                />
              ) : (
                <Textarea
                  {...fieldProps}
                  name={`answer${step + 1}`}
                  placeholder={t('onboarding.placeholder')}
                  onKeyDown={onTextareaKeyDown}
                />
              )}
            </div>
          </div>

          <div className="mt-8 flex flex-wrap items-center gap-2">
            {canGoBack(step) && (
              <Button type="button" variant="ghost" className="-ml-3" onClick={() => goTo(step - 1)}>
                <ArrowLeft className="size-4" aria-hidden="true" />
                {t('onboarding.back')}
              </Button>
            )}
            <div className="ml-auto flex items-center gap-2">
              {canSkip(step) && (
                <Button type="button" variant="ghost" onClick={() => goTo(step + 1)}>
                  {t('onboarding.skip')}
                </Button>
              )}
              {canComplete(step) ? (
                <Button
                  type="submit"
                  disabled={complete.isPending}
                  aria-busy={complete.isPending || undefined}
                >
                  {complete.isPending ? (
                    <Spinner className="size-4" />
                  ) : (
                    <Check className="size-4" aria-hidden="true" />
                  )}
                  {t('onboarding.complete')}
                </Button>
              ) : (
                <Button type="submit" disabled={!canGoNext(answers, step)}>
                  {t('onboarding.next')}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Button>
              )}
            </div>
          </div>
        </form>
      </Card>
    </div>
  );
}
