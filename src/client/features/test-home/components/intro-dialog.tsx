import { MirrorMark } from '@client/components/mirror-mark';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { setFlag } from '@client/lib/session-flags';
import { href } from '@shared/routes';
import { ArrowRight, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { scheduleIntroExit } from '../intro-exit';

type Step = 'welcome' | 'path' | 'leaving';

/**
 * The intro of the test home (spec §2): the tagline with "welcome to the platform" and "enter", then the
 * invitation to the first question with "continue". Continue blurs the whole screen heavily (the overlay's
 * backdrop blur covers page, video and footer) and opens /app two seconds later, where the shell starts
 * blurred and clears. A Radix dialog: focus moves in and stays, Escape or a click outside closes it and focus
 * returns to `trigger`; once leaving, it can no longer be closed.
 */
export function IntroDialog({ trigger }: { trigger: ReactElement }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>('welcome');
  const actionRef = useRef<HTMLButtonElement>(null);
  const welcome = step === 'welcome';
  const leaving = step === 'leaving';

  useEffect(() => {
    if (step === 'path') actionRef.current?.focus();
    if (step !== 'leaving') return;
    return scheduleIntroExit({
      markTransition: () => setFlag('fromTransition'),
      goToApp: () => navigate(href('app')),
    });
  }, [step, navigate]);

  const changeOpen = (next: boolean) => {
    if (leaving) return;
    setOpen(next);
    if (next) setStep('welcome');
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay
          className={cn(
            'fixed inset-0 z-50 transition-[backdrop-filter,background-color,opacity] ease-out starting:opacity-0',
            leaving
              ? 'bg-black/30 backdrop-blur-[48px] duration-1000'
              : 'bg-black/45 backdrop-blur-sm duration-300',
          )}
        />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            actionRef.current?.focus();
          }}
          aria-busy={leaving || undefined}
          // Portalled out of the shell: the test home's dark palette is set again here.
          data-surface="dark"
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
            'rounded-[2rem] border border-white/15 bg-surface-raised/85 px-6 pt-12 pb-8 text-center text-fg shadow-2xl shadow-black/40 backdrop-blur-xl sm:px-12 sm:pt-14 sm:pb-12',
            'transition-[opacity,scale,filter] ease-out starting:scale-95 starting:opacity-0',
            leaving ? 'scale-105 opacity-0 blur-2xl duration-1000' : 'duration-300',
          )}
        >
          <Dialog.Close
            aria-label={t('testHome.intro.close')}
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-fg-muted transition hover:bg-white/10 hover:text-fg"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
          <MirrorMark className="mx-auto size-10 text-accent" />

          <Dialog.Description
            className={cn(
              'mt-6 text-fg-muted',
              welcome ? 'text-sm font-medium tracking-[0.18em] uppercase' : 'text-lg text-pretty',
            )}
          >
            {t(welcome ? 'app.tagline' : 'testHome.intro.firstQuestion')}
          </Dialog.Description>
          <Dialog.Title
            className={cn(
              'mt-4 font-display leading-tight font-semibold text-balance',
              welcome ? 'text-4xl sm:text-5xl' : 'text-3xl sm:text-4xl',
            )}
          >
            {t(welcome ? 'testHome.intro.welcome' : 'testHome.intro.path')}
          </Dialog.Title>
          {/* A new button per step, so the one pressed is gone and focus moves on to the next. */}
          <Button
            key={welcome ? 'enter' : 'continue'}
            ref={actionRef}
            className="mt-10 min-w-40 px-8"
            aria-disabled={leaving || undefined}
            onClick={() => setStep(welcome ? 'path' : 'leaving')}
          >
            {t(welcome ? 'testHome.intro.enter' : 'testHome.intro.continue')}
            {!welcome && <ArrowRight className="size-4" aria-hidden="true" />}
          </Button>
          <p role="status" className="sr-only">
            {leaving ? t('testHome.intro.leaving') : ''}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
