import '../bubbles.css';
import { cn } from '@client/lib/cn';
import { useReducedMotion } from '@client/lib/use-reduced-motion';
import { placeBubbles } from '@shared/domain/bubble-layout';
import {
  type Bubble,
  bubbleDiameter,
  type Category,
  HIGHLIGHT_SCROLL_FRACTION,
  seededRandom,
} from '@shared/domain/bubbles';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';

/** Each category's hue (OKLCH degrees) for the bubbles' gradient; see bubbles.css. */
export const CATEGORY_HUES: Record<Category, number> = {
  Trust: 330,
  Boundaries: 55,
  Intimacy: 10,
  Communication: 220,
  Conflict: 30,
  'Self-Worth': 85,
  Attachment: 290,
  Vulnerability: 350,
  Growth: 150,
  Future: 255,
};

/** A small, stable shift of the category's hue per bubble (−10° to +10°), so a canvas of one category lives. */
function hueShift(id: string): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) | 0;
  return (Math.abs(hash) % 21) - 10;
}

/** Bubbles appear one after another, but the last one no later than this. */
const POP_STAGGER_MS = 6;
const POP_STAGGER_MAX_MS = 450;

type Arrivals = { list: readonly Bubble[]; generation: number; entering: ReadonlyMap<string, number> };

/**
 * How bubbles appear, cheaply: a new set of bubbles (the first, or another category) fades in as one layer
 * (`generation` re-mounts the list); bubbles added to the ones shown ("load more") pop in one after another
 * (`entering`: id → order of arrival).
 */
function useArrivals(bubbles: readonly Bubble[]): Arrivals {
  const [arrivals, setArrivals] = useState<Arrivals>({ list: bubbles, generation: 0, entering: new Map() });
  if (arrivals.list !== bubbles) {
    const before = new Set(arrivals.list.map((bubble) => bubble.id));
    const added = bubbles.filter((bubble) => !before.has(bubble.id));
    const replaced = added.length === bubbles.length && bubbles.length > 0;
    const next = replaced
      ? { list: bubbles, generation: arrivals.generation + 1, entering: new Map<string, number>() }
      : {
          list: bubbles,
          generation: arrivals.generation,
          entering: new Map(added.map((bubble, n) => [bubble.id, n])),
        };
    setArrivals(next);
    return next;
  }
  return arrivals;
}

/** Bubbles added to the page per frame: the browser lays out a few dozen at a time, never all in one task. */
const BUBBLES_PER_FRAME = 25;

/**
 * How many of `total` items to draw: up to one frame's worth at once, then another batch each animation frame
 * until all are there. Items already shown stay shown when more arrive ("load more").
 */
function useProgressiveCount(total: number): number {
  const [shown, setShown] = useState(() => Math.min(total, BUBBLES_PER_FRAME));
  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() =>
      setShown((count) => Math.min(total, count + BUBBLES_PER_FRAME)),
    );
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  return Math.min(shown, total);
}

/**
 * A canvas of bubbles (spec §2, §9): each sized by its importance for the viewport's breakpoint, placed by
 * `placeBubbles` with a seeded random source (the same seed, bubbles and width give the same picture), drawn
 * as a button with a soft gradient in its category's hue. The layout is computed while rendering, once per
 * change of bubbles or width, and positions are CSS translations; the bubbles join the page a batch per frame,
so no single task lays out a hundred of them (bench/bubble-paint.bench.mjs).
 */
export function BubbleCanvas({
  bubbles,
  width,
  viewportWidth,
  seed,
  label,
  caption,
  onOpen,
  isOwn,
  highlightId = null,
  regionLabel,
  className,
}: {
  bubbles: readonly Bubble[];
  /** The canvas width in px (`canvasWidth(viewport, page)`). */
  width: number;
  /** The window width, which picks the breakpoint of the bubble sizes. */
  viewportWidth: number;
  seed: number;
  /** The bubble's accessible name: "Trust, Emma, importance 7 of 10". */
  label: (bubble: Bubble) => string;
  /** What the bubble shows; `diameter` lets a caller show less on small bubbles. */
  caption: (bubble: Bubble, diameter: number) => ReactNode;
  onOpen: (bubble: Bubble, trigger: HTMLButtonElement) => void;
  /** The person's own answers get a fine ring. */
  isOwn?: (bubble: Bubble) => boolean;
  /** The bubble that glows and sparkles (spec §4); scrolled to 40 % down the viewport when it is set. */
  highlightId?: string | null;
  /** The region's name ("Your bubbles"). */
  regionLabel: string;
  className?: string;
}) {
  const reduceMotion = useReducedMotion();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const arrival = useArrivals(bubbles);

  const layout = useMemo(() => {
    const diameters = bubbles.map((bubble) => bubbleDiameter(bubble.importance, viewportWidth));
    return placeBubbles(diameters, { width, random: seededRandom(seed) });
  }, [bubbles, width, viewportWidth, seed]);

  const shown = useProgressiveCount(bubbles.length);
  const highlightShown = highlightId !== null && bubbles.slice(0, shown).some((b) => b.id === highlightId);

  useEffect(() => {
    if (!highlightId || !highlightShown) return;
    const element = buttons.current.get(highlightId);
    if (!element) return;
    const box = element.getBoundingClientRect();
    const top = window.scrollY + box.top + box.height / 2 - window.innerHeight * HIGHLIGHT_SCROLL_FRACTION;
    window.scrollTo({ top: Math.max(0, top), behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [highlightId, highlightShown, reduceMotion]);

  return (
    <section aria-label={regionLabel} className={cn('relative', className)}>
      <ul
        key={arrival.generation}
        className="bubble-canvas relative"
        style={{ width, height: layout.height }}
      >
        {bubbles.slice(0, shown).map((bubble, index) => {
          const position = layout.positions[index];
          if (!position) return null;
          const own = isOwn?.(bubble) ?? false;
          const entering = arrival.entering.get(bubble.id);
          const style = {
            width: position.diameter,
            height: position.diameter,
            fontSize: `${Math.min(16, Math.max(10, position.diameter * 0.16))}px`,
            animationDelay:
              entering === undefined
                ? undefined
                : `${Math.min(entering * POP_STAGGER_MS, POP_STAGGER_MAX_MS)}ms`,
            '--bubble-hue': CATEGORY_HUES[bubble.category] + hueShift(bubble.id),
          } as CSSProperties;
          return (
            <li
              key={bubble.id}
              className="bubble-slot absolute top-0 left-0 list-none"
              style={{ translate: `${position.x}px ${position.y}px` }}
            >
              <button
                type="button"
                ref={(element) => {
                  if (element) buttons.current.set(bubble.id, element);
                  else buttons.current.delete(bubble.id);
                }}
                aria-label={label(bubble)}
                onClick={(event) => onOpen(bubble, event.currentTarget)}
                className={cn(
                  'bubble relative flex items-center justify-center overflow-visible rounded-full p-[12%] leading-tight font-medium',
                  entering !== undefined && 'bubble-enter',
                  own && 'bubble-own',
                  highlightId === bubble.id && 'bubble-highlight',
                )}
                style={style}
              >
                <span className="pointer-events-none line-clamp-3 max-w-full text-center break-words">
                  {caption(bubble, position.diameter)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
