import { captionFontPx } from '@client/components/bubbles/caption-fit';
import { type Bubble, bubbleImportance, canvasWidth } from '@shared/domain/bubbles';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewportWidth } from '../hooks/use-viewport-width';
import { categoryCaption, categoryName, categoryNameLower } from '../lib/bubble-text';
import { BubbleCanvas } from './bubble-canvas';
import { BubbleOverlay } from './bubble-overlay';

/**
 * What a bubble shows: its name (the profile's category), its category above the name (the profile's All
 * mode; small bubbles show the category only) or its category in lowercase (the test home).
 */
export type BubbleCaption = 'name' | 'categoryAndName' | 'categoryLower';

/** A bubble of at least this diameter (px) shows the name below the category. */
const NAME_BELOW_CATEGORY_PX = 80;

const OVERLAY_TITLE = {
  profile: 'bubbles.overlay.title',
  testHome: 'testHome.detailTitle',
} as const;

type Opened = { bubble: Bubble; trigger: HTMLButtonElement };

/**
 * A canvas of bubbles whose details open in the circular overlay, as the profile and the test home show them
 * (spec §2): the canvas as wide as `page` has it, each bubble named "Trust, Emma, importance 7 of 10" (with
 * ", your answer" for the person's own), and the overlay titled "{category} - Round {n}" on the profile,
 * "{category} - {n}" on the test home.
 */
export function BubbleField({
  page,
  bubbles,
  layoutSeed,
  regionLabel,
  caption,
  ownIds,
  rounds,
  highlightId = null,
  empty,
  surface,
}: {
  page: 'profile' | 'testHome';
  bubbles: readonly Bubble[];
  layoutSeed: number;
  /** The canvas region's name ("Your bubbles", "Moments"). */
  regionLabel: string;
  caption: BubbleCaption;
  ownIds: ReadonlySet<string>;
  /** Each bubble's round, for the overlay's title. */
  rounds: ReadonlyMap<string, number>;
  highlightId?: string | null;
  /** Shown at the canvas's width instead of an empty canvas. */
  empty?: ReactNode;
  /** The page's forced surface, set again on the overlay (it is portalled out of the page). */
  surface?: 'dark';
}) {
  const { t, i18n } = useTranslation();
  const viewportWidth = useViewportWidth();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [open, setOpen] = useState(false);
  const width = canvasWidth(viewportWidth, page);
  if (width <= 0) return null;

  const label = (bubble: Bubble) =>
    t(ownIds.has(bubble.id) ? 'bubbles.canvas.bubbleOwn' : 'bubbles.canvas.bubble', {
      category: categoryName(t, bubble.category),
      name: bubble.name,
      value: bubbleImportance(bubble),
    });

  const renderCaption = (bubble: Bubble, diameter: number) => {
    if (caption === 'categoryLower') {
      const text = categoryNameLower(t, bubble.category);
      return (
        // The words carry soft hyphens between syllables (the browser may have no hyphenation dictionary for
        // the language): a bubble too small for a word breaks it there, with a hyphen, never mid-syllable.
        <span
          lang={i18n.language}
          className="[overflow-wrap:normal] [hyphens:manual]"
          style={{ fontSize: captionFontPx(text, diameter) }}
        >
          {text}
        </span>
      );
    }
    const name = (
      <span className="block truncate" style={{ fontSize: captionFontPx(bubble.name, diameter) }}>
        {bubble.name}
      </span>
    );
    if (caption === 'name') return name;
    const text = categoryCaption(t, bubble.category);
    return (
      <>
        <span
          lang={i18n.language}
          className="block font-semibold [overflow-wrap:normal] [hyphens:manual]"
          style={{ fontSize: captionFontPx(text, diameter, 1.15) }}
        >
          {text}
        </span>
        {diameter >= NAME_BELOW_CATEGORY_PX && name}
      </>
    );
  };

  return (
    <>
      {bubbles.length === 0 && empty ? (
        <div className="px-2 py-16 text-center text-fg-muted" style={{ width }}>
          {empty}
        </div>
      ) : (
        <BubbleCanvas
          bubbles={bubbles}
          width={width}
          viewportWidth={viewportWidth}
          seed={layoutSeed}
          label={label}
          caption={renderCaption}
          isOwn={(bubble) => ownIds.has(bubble.id)}
          highlightId={highlightId}
          regionLabel={regionLabel}
          onOpen={(bubble, trigger) => {
            setOpened({ bubble, trigger });
            setOpen(true);
          }}
        />
      )}
      <BubbleOverlay
        bubble={opened?.bubble ?? null}
        open={open}
        onOpenChange={setOpen}
        own={opened ? ownIds.has(opened.bubble.id) : false}
        returnFocusTo={opened?.trigger}
        surface={surface}
        title={
          opened
            ? t(OVERLAY_TITLE[page], {
                category: categoryName(t, opened.bubble.category),
                n: rounds.get(opened.bubble.id) ?? 1,
              })
            : ''
        }
      />
    </>
  );
}
