import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FieldError } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Progress } from '@client/components/ui/progress';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/cn';
import { useReducedMotion } from '@client/lib/use-reduced-motion';
import {
  type Category,
  IMPORTANCE_MAX,
  IMPORTANCE_MIN,
  MAX_BUBBLE_NAME_LENGTH,
  WHEN_OPTIONS,
  WHO_OPTIONS,
} from '@shared/domain/bubbles';
import { href } from '@shared/routes';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import {
  type AnimationEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSaveAnswer } from '../hooks/use-save-answer';
import {
  categoryName,
  categoryPrompt,
  nameQuestion,
  whenText,
  whoOptionText,
  whoQuestion,
} from '../lib/bubble-text';
import {
  type Answers,
  buildBubble,
  clampImportance,
  draftJson,
  EMPTY_ANSWERS,
  firstIncompleteStep,
  LAST_STEP,
  parseDraft,
  STEPS,
  type StepError,
  stepError,
  toggleWho,
} from '../lib/questionnaire';
import { clearAnswerDraft, readAnswerDraft, writeAnswerDraft } from '../lib/storage';

const ERROR_TEXT = {
  whoRequired: 'bubbles.questionnaire.whoRequired',
  nameRequired: 'bubbles.questionnaire.nameRequired',
  nameTooLong: 'bubbles.questionnaire.nameTooLong',
  whenRequired: 'bubbles.questionnaire.whenRequired',
} as const satisfies Record<StepError, string>;

const STEP_LABELS = {
  category: 'bubbles.questionnaire.step.category',
  who: 'bubbles.questionnaire.step.who',
  name: 'bubbles.questionnaire.step.name',
  when: 'bubbles.questionnaire.step.when',
  importance: 'bubbles.questionnaire.step.importance',
} as const;

/** Steps after the intro are counted for the person: "Step 1 of 5" is the category. */
const COUNTED_STEPS = LAST_STEP;

type Transition = { phase: 'shown' } | { phase: 'leaving'; to: number } | { phase: 'entering' };

/**
 * The category questionnaire (spec §2, §4, §5): 0 intro, 1 category name, 2 who (at least one), 3 name
 * (not blank, at most 80 characters), 4 when (one of seven), 5 importance (0–10, starting at 5). Each step
 * blurs out and the next blurs in; Enter goes on when the step is answered, Back returns. The step and the
 * answers so far are kept in the category's answer cookie, so the browser's Back and a reload return to them.
 * Finishing keeps the bubble (see useSaveAnswer), forgets the answer in progress and goes to the category's
 * profile, where it is highlighted.
 */
export function Questionnaire({
  category,
  countBefore,
  owner,
}: {
  category: Category;
  countBefore: number;
  /** The signed-in person's id, or null: whose answer in progress this is. */
  owner: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reduceMotion = useReducedMotion();
  const saveAnswer = useSaveAnswer();
  const [draft] = useState(() => parseDraft(readAnswerDraft(category), category, owner));
  const [step, setStep] = useState(draft?.step ?? 0);
  const [transition, setTransition] = useState<Transition>({ phase: 'shown' });
  const [answers, setAnswers] = useState<Answers>(draft?.answers ?? EMPTY_ANSWERS);
  const [error, setError] = useState<StepError | 'saveFailed' | null>(null);
  const [saving, setSaving] = useState(false);
  const focusTarget = useRef<HTMLElement | null>(null);
  const moved = useRef(false);
  const ids = { title: useId(), hint: useId(), error: useId(), step: useId() };
  const stepName = STEPS[step] ?? 'intro';

  // After a step change, the new step's heading or field takes the focus (not on arriving at the page:
  // the shell puts focus on the page itself then).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per step
  useEffect(() => {
    if (!moved.current) return;
    focusTarget.current?.focus({ preventScroll: true });
  }, [step]);

  const finished = useRef(false);
  useEffect(() => {
    if (finished.current) return;
    if (step === 0 && answers === EMPTY_ANSWERS) clearAnswerDraft(category);
    else writeAnswerDraft(category, draftJson({ step, answers, owner }));
  }, [category, step, answers, owner]);

  const goTo = (next: number) => {
    setError(null);
    moved.current = true;
    if (reduceMotion) {
      setStep(next);
      return;
    }
    setTransition({ phase: 'leaving', to: next });
  };

  const onAnimationEnd = (event: AnimationEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (transition.phase === 'leaving') {
      setStep(transition.to);
      setTransition({ phase: 'entering' });
    } else if (transition.phase === 'entering') {
      setTransition({ phase: 'shown' });
    }
  };

  const finish = async () => {
    const incomplete = firstIncompleteStep(answers, category);
    if (incomplete !== null) {
      setStep(incomplete);
      return;
    }
    const bubble = buildBubble(category, answers, { id: crypto.randomUUID(), now: new Date() });
    if (!bubble || saving) return;
    setSaving(true);
    const kept = await saveAnswer(bubble, countBefore);
    if (!kept) {
      setSaving(false);
      setError('saveFailed');
      return;
    }
    finished.current = true;
    clearAnswerDraft(category);
    navigate(href('profile', { category }));
  };

  const next = () => {
    if (transition.phase === 'leaving' || saving) return;
    const problem = stepError(stepName, answers, category);
    if (problem) {
      setError(problem);
      focusTarget.current?.focus({ preventScroll: true });
      return;
    }
    if (step === LAST_STEP) void finish();
    else goTo(step + 1);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    next();
  };

  // Enter goes on from anywhere in the step (the heading that has the focus, a checkbox, a radio button, the
  // slider), as it does natively from the name field; buttons keep their own Enter.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target;
    if (event.key !== 'Enter' || target instanceof HTMLButtonElement) return;
    if (target instanceof HTMLInputElement && target.type === 'text') return;
    event.preventDefault();
    next();
  };

  const update = (change: Partial<Answers>) => {
    setAnswers((current) => ({ ...current, ...change }));
    if (error && error !== 'saveFailed') setError(null);
  };

  const errorText =
    error === 'saveFailed'
      ? t('bubbles.questionnaire.saveFailed')
      : error
        ? t(ERROR_TEXT[error], { max: MAX_BUBBLE_NAME_LENGTH })
        : null;
  const described = (hint: boolean) =>
    [hint ? ids.hint : null, errorText ? ids.error : null].filter(Boolean).join(' ') || undefined;
  const setFocusTarget = (element: HTMLElement | null) => {
    focusTarget.current = element;
  };
  const heading = (text: ReactNode, focusable = true) => (
    <h1
      id={ids.title}
      ref={focusable ? setFocusTarget : undefined}
      tabIndex={focusable ? -1 : undefined}
      className="font-display text-2xl leading-snug font-semibold text-balance outline-none sm:text-3xl"
    >
      {text}
    </h1>
  );
  const categoryText = categoryName(t, category);
  const stepText = t('bubbles.questionnaire.progress', { current: step, total: COUNTED_STEPS });

  return (
    <div className="mx-auto w-full max-w-2xl px-5 pt-6 pb-16 sm:px-6 sm:pt-12">
      <p className="font-display text-sm font-semibold tracking-[0.2em] text-accent uppercase">
        {categoryText}
      </p>
      {step > 0 && (
        <>
          <div className="mt-4 flex items-baseline justify-between gap-4 text-sm">
            <p id={ids.step} className="font-medium text-fg-muted">
              {stepText}
            </p>
            <p className="text-fg-muted">{stepName !== 'intro' && t(STEP_LABELS[stepName])}</p>
          </div>
          <Progress
            className="mt-3"
            value={step}
            max={COUNTED_STEPS}
            label={t('bubbles.questionnaire.introTitle')}
            valueText={stepText}
          />
        </>
      )}

      <Card className="mt-8 overflow-hidden p-6 sm:p-10">
        <form noValidate onSubmit={submit} onKeyDown={onKeyDown}>
          {/* A step blurs out and the next one in with the page-change animation (spec §2, §9: as pages do). */}
          <div
            onAnimationEnd={onAnimationEnd}
            className={cn(
              transition.phase === 'leaving' && 'page-exit',
              transition.phase === 'entering' && 'page-enter',
            )}
          >
            {stepName === 'intro' && (
              <>
                <p className="text-sm font-semibold text-fg-muted">
                  {t('bubbles.questionnaire.introEyebrow')}
                </p>
                <div className="mt-2">{heading(t('bubbles.questionnaire.introTitle'), false)}</div>
                <p className="mt-4 leading-relaxed text-fg-muted">{t('bubbles.questionnaire.introBody')}</p>
                <p className="mt-6 inline-flex rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-accent">
                  {t('bubbles.questionnaire.introCategory', { category: categoryText })}
                </p>
              </>
            )}

            {stepName === 'category' && (
              <>
                <p className="text-sm font-semibold text-fg-muted">
                  {t('bubbles.questionnaire.categoryEyebrow')}
                </p>
                <h1
                  id={ids.title}
                  ref={setFocusTarget}
                  tabIndex={-1}
                  className="mt-2 font-display text-4xl font-semibold outline-none sm:text-5xl"
                >
                  {categoryText}
                </h1>
                <p className="mt-4 text-lg leading-relaxed text-fg-muted">{categoryPrompt(t, category)}</p>
              </>
            )}

            {stepName === 'who' && (
              <fieldset aria-describedby={described(true)}>
                <legend className="contents">
                  {heading(t('bubbles.questionnaire.question', { question: whoQuestion(t, category) }))}
                </legend>
                <p id={ids.hint} className="mt-3 text-fg-muted">
                  {t('bubbles.questionnaire.whoHint')}
                </p>
                <div className="mt-6 grid gap-3 sm:grid-cols-2">
                  {WHO_OPTIONS[category].map((id) => (
                    <Choice
                      key={id}
                      type="checkbox"
                      checked={answers.whoTrusted.includes(id)}
                      invalid={error === 'whoRequired'}
                      onChange={() => update({ whoTrusted: toggleWho(category, answers.whoTrusted, id) })}
                    >
                      {whoOptionText(t, id)}
                    </Choice>
                  ))}
                </div>
              </fieldset>
            )}

            {stepName === 'name' && (
              <>
                {heading(nameQuestion(t, category), false)}
                <p id={ids.hint} className="mt-3 text-fg-muted">
                  {t('bubbles.questionnaire.nameHint')}
                </p>
                <Input
                  ref={setFocusTarget}
                  className="mt-6"
                  value={answers.name}
                  maxLength={MAX_BUBBLE_NAME_LENGTH}
                  autoComplete="off"
                  placeholder={t('bubbles.questionnaire.namePlaceholder')}
                  aria-labelledby={ids.title}
                  aria-describedby={described(true)}
                  aria-invalid={error === 'nameRequired' || error === 'nameTooLong' || undefined}
                  onChange={(event) => update({ name: event.currentTarget.value })}
                />
                <p className="mt-2 text-right text-xs text-fg-muted" aria-hidden="true">
                  {t('bubbles.questionnaire.nameCount', {
                    count: answers.name.length,
                    max: MAX_BUBBLE_NAME_LENGTH,
                  })}
                </p>
              </>
            )}

            {stepName === 'when' && (
              <fieldset aria-describedby={described(false)}>
                <legend className="contents">{heading(t('bubbles.questionnaire.whenQuestion'))}</legend>
                <div className="mt-6 grid gap-3 sm:grid-cols-2">
                  {WHEN_OPTIONS.map((id) => (
                    <Choice
                      key={id}
                      type="radio"
                      name="when"
                      checked={answers.when === id}
                      invalid={error === 'whenRequired'}
                      onChange={() => update({ when: id })}
                    >
                      {whenText(t, id)}
                    </Choice>
                  ))}
                </div>
              </fieldset>
            )}

            {stepName === 'importance' && (
              <>
                {heading(t('bubbles.questionnaire.importanceQuestion'), false)}
                <p id={ids.hint} className="mt-3 text-fg-muted">
                  {t('bubbles.questionnaire.importanceHint')}
                </p>
                <div className="mt-8 flex items-baseline justify-center gap-2" aria-hidden="true">
                  <span className="font-display text-6xl font-semibold text-accent tabular-nums">
                    {answers.importance}
                  </span>
                  <span className="text-lg text-fg-muted">/ {IMPORTANCE_MAX}</span>
                </div>
                <input
                  ref={setFocusTarget}
                  type="range"
                  min={IMPORTANCE_MIN}
                  max={IMPORTANCE_MAX}
                  step={1}
                  value={answers.importance}
                  aria-labelledby={ids.title}
                  aria-describedby={ids.hint}
                  aria-valuetext={t('bubbles.questionnaire.importanceValue', { value: answers.importance })}
                  onChange={(event) =>
                    update({ importance: clampImportance(Number(event.currentTarget.value)) })
                  }
                  className="mt-4 h-11 w-full cursor-pointer rounded-full accent-accent"
                />
                <div className="flex justify-between text-sm text-fg-muted" aria-hidden="true">
                  <span>{IMPORTANCE_MIN}</span>
                  <span>{IMPORTANCE_MAX}</span>
                </div>
              </>
            )}

            {errorText && (
              <FieldError id={ids.error} className="mt-4">
                <span role="alert">{errorText}</span>
              </FieldError>
            )}

            <div className="mt-10 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
              {step > 0 ? (
                <Button type="button" variant="ghost" onClick={() => goTo(step - 1)} disabled={saving}>
                  <ArrowLeft className="size-4" aria-hidden="true" />
                  {t('bubbles.questionnaire.back')}
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" aria-disabled={saving || undefined}>
                {saving ? (
                  <Spinner className="size-4" />
                ) : step === LAST_STEP ? (
                  <Check className="size-4" aria-hidden="true" />
                ) : null}
                {step === 0
                  ? t('bubbles.questionnaire.start')
                  : step === LAST_STEP
                    ? t('bubbles.questionnaire.finish')
                    : t('bubbles.questionnaire.next')}
                {step < LAST_STEP && <ArrowRight className="size-4" aria-hidden="true" />}
              </Button>
            </div>
          </div>
        </form>
      </Card>
    </div>
  );
}

const choiceClass = cn(
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border border-border bg-surface-raised px-4 py-3 font-medium transition',
  'hover:bg-surface-sunken has-checked:border-accent has-checked:bg-accent-soft',
  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
  'has-aria-invalid:border-danger',
);

/** One answer of a who (checkbox) or when (radio) question: the native input, hidden, behind a drawn mark. */
function Choice({
  type,
  name,
  checked,
  invalid,
  onChange,
  children,
}: {
  type: 'checkbox' | 'radio';
  name?: string;
  checked: boolean;
  invalid: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  const box = type === 'checkbox';
  return (
    <label className={choiceClass}>
      <input
        type={type}
        name={name}
        className="sr-only"
        checked={checked}
        aria-invalid={invalid || undefined}
        onChange={onChange}
      />
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex size-5 shrink-0 items-center justify-center border-2 border-fg-muted/60 transition',
          box ? 'rounded-md' : 'rounded-full',
          checked && 'border-accent bg-accent text-accent-fg',
        )}
      >
        {checked &&
          (box ? (
            <Check className="size-3.5" strokeWidth={3} />
          ) : (
            <span className="size-2 rounded-full bg-accent-fg" />
          ))}
      </span>
      {children}
    </label>
  );
}
