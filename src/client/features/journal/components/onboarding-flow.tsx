import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Progress } from '@client/components/ui/progress';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/lib/toast';
import { useReducedMotion } from '@client/lib/use-reduced-motion';
import { ONBOARDING_AUTOSAVE_MS } from '@shared/domain/journal';
import { reconcileAnswers, type VersionedAnswers } from '@shared/domain/onboarding-answers';
import { MAX_ANSWER_LENGTH, ONBOARDING_QUESTIONS } from '@shared/domain/profile-analysis';
import { href } from '@shared/routes';
import type { TProfile } from '@shared/schemas/journal';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check, RefreshCw } from 'lucide-react';
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
import {
  AnswersChangedError,
  profileQuery,
  useCompleteOnboarding,
  useSaveOnboardingAnswers,
} from '../api/journal';
import type { SaveStatus } from '../autosave';
import { useAutosave } from '../hooks/use-autosave';
import { useSessionEndedCheck } from '../hooks/use-journal-redirects';
import { useReturnCheck } from '../hooks/use-return-check';
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
import { ConflictPanel } from './conflict-panel';

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
 * analysed into the profile. Each save names the versions of the answers it was written over: an answer
 * changed on another device meanwhile is shown beside this one's, and the person chooses (decision 064).
 */
export function OnboardingFlow({ saved }: { saved: Pick<TProfile, 'answers' | 'answerVersions'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { title: useId(), hint: useId(), step: useId() };
  const [answers, setAnswers] = useState(() => answersForSteps(saved.answers));
  const [step, setStep] = useState(() =>
    stepToOpen(answersForSteps(saved.answers), typeof window === 'undefined' ? null : window.history.state),
  );
  const [direction, setDirection] = useState(1);
  // The answers as last known stored, with their versions: what the next save is written over.
  const base = useRef<VersionedAnswers>({ texts: saved.answers, versions: saved.answerVersions });
  // Answers changed here and on another device to different texts, with the stored ones: chosen one by one.
  const [conflict, setConflict] = useState<{ steps: number[]; theirs: VersionedAnswers } | null>(null);
  const [updatedElsewhere, setUpdatedElsewhere] = useState(false);
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const save = useSaveOnboardingAnswers();
  const checkSessionEnded = useSessionEndedCheck();
  const { saver, status } = useAutosave<string[]>({
    delayMs: ONBOARDING_AUTOSAVE_MS,
    save: async (value, mode) => {
      const versions = await save(value, base.current.versions, mode);
      base.current = { texts: value, versions };
    },
    onError: (error) => {
      if (error instanceof AnswersChangedError) {
        saver.discard();
        reconcile(error.current);
        return;
      }
      checkSessionEnded(error);
    },
  });
  const complete = useCompleteOnboarding();
  const stepRef = useStepEntrance(step, direction);
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  /**
   * What is stored now (`theirs`) against what is on the page: answers changed only there are taken in,
   * answers changed only here are saved over them, and answers changed on both sides wait for the person.
   */
  function reconcile(theirs: VersionedAnswers) {
    const result = reconcileAnswers(answersRef.current, base.current, theirs);
    base.current = result.base;
    const next = answersForSteps(result.answers);
    setAnswers(next);
    const [first] = result.conflicts;
    if (first !== undefined) {
      setConflict({ steps: result.conflicts, theirs });
      setDirection(first > step ? 1 : -1);
      setStep(first);
    } else if (next.some((answer, index) => answer !== (theirs.texts[index] ?? ''))) {
      saver.change(next);
    }
    return result;
  }

  /** The person's choice for the answer of the step in conflict; the answers are saved once all are chosen. */
  const choose = (chosen: string) => {
    if (!conflict) return;
    const next = withAnswer(answers, step, chosen);
    setAnswers(next);
    const [, ...rest] = conflict.steps;
    const [following] = rest;
    if (following === undefined) {
      setConflict(null);
      saver.change(next);
      void saver.flush();
    } else {
      setConflict({ ...conflict, steps: rest });
      setDirection(following > step ? 1 : -1);
      setStep(following);
    }
    fieldRef.current?.focus();
  };

  // Back on a page hidden for a while: answers saved on another device meanwhile are taken in (and said).
  useReturnCheck(() => {
    if (conflict || saver.hasUnsaved) return;
    void queryClient
      .fetchQuery({ ...profileQuery, staleTime: 0 })
      .then(({ answers: texts, answerVersions: versions }) => {
        const same = versions.every((version, index) => version === (base.current.versions[index] ?? 0));
        if (same && versions.length >= base.current.versions.length) return;
        const result = reconcile({ texts, versions });
        if (result.conflicts.length === 0) setUpdatedElsewhere(true);
      })
      // A failed read changes nothing: the next save still names its versions and is told.
      .catch(() => undefined);
  });

  // The history entry remembers the question on screen: a reload opens on it, not on the next open one.
  useEffect(() => {
    window.history.replaceState({ ...window.history.state, [ONBOARDING_STEP_STATE]: step }, '');
  }, [step]);

  // The field of each step takes the focus, so typing can start at once and screen readers hear the question.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per step
  useEffect(() => {
    if (!conflict) fieldRef.current?.focus({ preventScroll: true });
  }, [step]);

  const answer = answers[step] ?? '';
  const question = QUESTIONS[step] ?? QUESTIONS[0];
  const stepText = t('onboarding.step', { current: step + 1, total: ONBOARDING_QUESTIONS });
  const inConflict = conflict !== null;

  const change = (value: string) => {
    setUpdatedElsewhere(false);
    const next = withAnswer(answers, step, value);
    setAnswers(next);
    saver.change(next);
  };

  const goTo = (next: number) => {
    void saver.flush();
    setUpdatedElsewhere(false);
    setDirection(next > step ? 1 : -1);
    setStep(next);
  };

  const finish = () => {
    if (complete.isPending || inConflict) return;
    // The completion carries every answer; a separate autosave of the same would only race with it.
    saver.discard();
    complete.mutate(
      { answers, baseVersions: base.current.versions },
      {
        onSuccess: () => {
          toast.success(t('onboarding.success'));
          navigate(href('dashboard'), { replace: true });
        },
        onError: (error) => {
          if (error instanceof AnswersChangedError) {
            reconcile(error.current);
            return;
          }
          toast.error(t('onboarding.error.title'), { description: t('onboarding.error.body') });
          saver.change(answers);
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inConflict) return;
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

  // In a conflict nothing is being saved, and nothing will be tried again until the person chooses.
  const statusText = inConflict ? null : SAVE_STATUS_TEXT[status];
  const fieldProps = {
    ref: fieldRef,
    value: answer,
    readOnly: inConflict,
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
          {status === 'saved' && !inConflict && (
            <Check className="size-3.5 text-success" aria-hidden="true" />
          )}
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
            {updatedElsewhere && (
              <p
                role="status"
                className="mt-4 flex items-start gap-2 rounded-xl bg-surface-sunken px-4 py-3 text-sm"
              >
                <RefreshCw className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                {t('onboarding.updatedElsewhere')}
              </p>
            )}
            {conflict && (
              <ConflictPanel
                key={step}
                title={t('onboarding.conflict.title')}
                mine={answer}
                theirs={conflict.theirs.texts[step] ?? ''}
                onChoose={choose}
              />
            )}
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
              <Button
                type="button"
                variant="ghost"
                className="-ml-3"
                disabled={inConflict}
                onClick={() => goTo(step - 1)}
              >
                <ArrowLeft className="size-4" aria-hidden="true" />
                {t('onboarding.back')}
              </Button>
            )}
            <div className="ml-auto flex items-center gap-2">
              {canSkip(step) && (
                <Button type="button" variant="ghost" disabled={inConflict} onClick={() => goTo(step + 1)}>
                  {t('onboarding.skip')}
                </Button>
              )}
              {canComplete(step) ? (
                <Button
                  type="submit"
                  disabled={complete.isPending || inConflict}
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
                <Button type="submit" disabled={!canGoNext(answers, step) || inConflict}>
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
