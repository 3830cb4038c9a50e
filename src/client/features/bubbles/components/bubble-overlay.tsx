import { cn } from '@client/lib/cn';
import { useReducedMotion } from '@client/lib/use-reduced-motion';
import { type Bubble, bubbleImportance, IMPORTANCE_MAX, OVERLAY_PROGRESS } from '@shared/domain/bubbles';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenText, whoQuestion, whoText } from '../lib/bubble-text';
import { easedProgress, nextProgress, overlayBox, type VisibleArea } from '../lib/overlay-geometry';

function visibleArea(): VisibleArea {
  const viewport = window.visualViewport;
  if (viewport) {
    return {
      width: viewport.width,
      height: viewport.height,
      offsetLeft: viewport.offsetLeft,
      offsetTop: viewport.offsetTop,
    };
  }
  return { width: window.innerWidth, height: window.innerHeight, offsetLeft: 0, offsetTop: 0 };
}

/** Spec §2: the open overlay follows resizes, rotations and the scrolling of the visual viewport. */
function useVisibleArea(active: boolean): VisibleArea | null {
  const [area, setArea] = useState<VisibleArea | null>(null);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setArea(visibleArea()));
    };
    setArea(visibleArea());
    const viewport = window.visualViewport;
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    viewport?.addEventListener('resize', update);
    viewport?.addEventListener('scroll', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
      viewport?.removeEventListener('resize', update);
      viewport?.removeEventListener('scroll', update);
    };
  }, [active]);
  return area;
}

/** Spec §4: 0 → 10 in steps of 2 every 30 ms while open; at once with reduced motion. */
function useOpeningProgress(open: boolean, reduceMotion: boolean): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!open) return;
    if (reduceMotion) {
      setProgress(OVERLAY_PROGRESS.max);
      return;
    }
    setProgress(0);
    const timer = setInterval(() => {
      setProgress((value) => {
        const next = nextProgress(value);
        if (next >= OVERLAY_PROGRESS.max) clearInterval(timer);
        return next;
      });
    }, OVERLAY_PROGRESS.intervalMs);
    return () => clearInterval(timer);
  }, [open, reduceMotion]);
  return open ? progress : 0;
}

/**
 * Whether an element's content is taller than the element. A region that scrolls then joins the tab order, so
 * it can be scrolled from the keyboard (WCAG 2.1.1); one that does not stays out of it.
 */
function useOverflowing<T extends HTMLElement>(): [(element: T | null) => void, boolean] {
  const [overflowing, setOverflowing] = useState(false);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollHeight > element.clientHeight + 1);
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
    for (const child of element.children) observer.current.observe(child);
    measure();
  }, []);
  return [ref, overflowing];
}

/**
 * The centred circular detail overlay of a bubble (spec §2, §4, §9): who, name, when and importance, a close
 * button; clicking outside or Escape closes it. A modal dialog: focus moves in and stays there, the page does
 * not scroll, and focus returns to `returnFocusTo` (the bubble) when it closes. The title is the caller's:
 * "{category} - Round {n}" on the profile, "{category} - {n}" on the test home. Everything stays inside the
 * circle: on the small one the fields share rows, and a very long answer scrolls between the title and the
 * close button, which are always in view.
 */
export function BubbleOverlay({
  bubble,
  title,
  open,
  onOpenChange,
  own = false,
  returnFocusTo,
  surface,
}: {
  /** The bubble shown; kept by the caller after closing so the closing frame still has its content. */
  bubble: Bubble | null;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The person's own answer (shown with a quiet badge). */
  own?: boolean;
  returnFocusTo?: HTMLElement | null;
  /** The page's forced surface ("dark" on the test home): the overlay is portalled out of the shell's. */
  surface?: 'dark';
}) {
  const { t } = useTranslation();
  const reduceMotion = useReducedMotion();
  const area = useVisibleArea(open);
  const progress = useOpeningProgress(open, reduceMotion);
  const [fieldsRef, fieldsScroll] = useOverflowing<HTMLDListElement>();
  if (!bubble) return null;

  const importance = bubbleImportance(bubble);
  const eased = easedProgress(progress);
  const box = area ? overlayBox(area) : null;
  const ring = 2 * Math.PI * 48;
  const compact = box !== null && box.size < 420;

  return (
    <Dialog.Root open={open && box !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/45 backdrop-blur-[3px] transition-opacity duration-200 starting:opacity-0" />
        {box && (
          <Dialog.Content
            aria-describedby={undefined}
            data-surface={surface}
            onCloseAutoFocus={(event) => {
              if (!returnFocusTo?.isConnected) return;
              event.preventDefault();
              returnFocusTo.focus({ preventScroll: true });
            }}
            style={{
              left: box.left,
              top: box.top,
              width: box.size,
              height: box.size,
              opacity: eased,
              transform: `scale(${0.85 + 0.15 * eased})`,
            }}
            className={cn(
              'bubble-overlay fixed z-50 flex flex-col items-center justify-center rounded-full text-center text-fg',
              'border border-border shadow-2xl shadow-black/30 outline-none',
            )}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 100 100"
              className="pointer-events-none absolute inset-0 size-full -rotate-90"
            >
              <circle cx="50" cy="50" r="48" fill="none" strokeWidth="1.2" className="stroke-border" />
              <circle
                cx="50"
                cy="50"
                r="48"
                fill="none"
                strokeWidth="1.6"
                strokeLinecap="round"
                className="stroke-accent"
                strokeDasharray={ring}
                strokeDashoffset={ring * (1 - (importance / IMPORTANCE_MAX) * eased)}
              />
            </svg>
            <div
              className={cn(
                'relative flex flex-col items-center',
                compact ? 'max-h-[84%] w-[80%] gap-2' : 'max-h-[82%] w-[74%] gap-4',
              )}
            >
              {own && (
                <span
                  className={cn(
                    'shrink-0 rounded-full bg-accent-soft font-semibold text-accent',
                    compact ? 'px-2 text-[0.6875rem] leading-5' : 'px-2.5 py-0.5 text-xs',
                  )}
                >
                  {t('bubbles.overlay.yours')}
                </span>
              )}
              <Dialog.Title
                className={cn(
                  'shrink-0 font-display font-semibold text-balance',
                  compact ? 'max-w-[92%] text-lg leading-tight' : 'text-2xl',
                )}
              >
                {title}
              </Dialog.Title>
              <dl
                ref={fieldsRef}
                tabIndex={fieldsScroll ? 0 : undefined}
                className={cn(
                  'grid min-h-0 w-full overflow-y-auto rounded-lg',
                  compact ? 'grid-cols-2 gap-x-3 gap-y-2 text-sm' : 'gap-3 text-base',
                )}
              >
                <OverlayField
                  label={whoQuestion(t, bubble.category)}
                  value={whoText(t, bubble.whoTrusted)}
                  wide={compact}
                />
                <OverlayField label={t('bubbles.overlay.name')} value={bubble.name} />
                <OverlayField label={t('bubbles.overlay.when')} value={whenText(t, bubble.when)} />
                <OverlayField
                  label={t('bubbles.overlay.importance')}
                  value={t('bubbles.overlay.importanceValue', { value: importance })}
                  wide={compact}
                />
              </dl>
              <Dialog.Close
                className={cn(
                  'inline-flex shrink-0 items-center justify-center gap-1.5 rounded-full border border-border bg-surface-raised font-medium',
                  'text-sm transition hover:bg-surface-sunken',
                  compact ? 'min-h-10 px-4' : 'min-h-11 px-5',
                )}
              >
                <X className="size-4" aria-hidden="true" />
                {t('bubbles.overlay.close')}
              </Dialog.Close>
            </div>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** One answer; `wide` spans both columns of the small overlay's grid. */
function OverlayField({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={cn(wide && 'col-span-2')}>
      <dt className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="mt-0.5 font-medium break-words">{value}</dd>
    </div>
  );
}
