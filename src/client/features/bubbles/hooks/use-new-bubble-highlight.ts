import { type Bubble, type Category, HIGHLIGHT_MS } from '@shared/domain/bubbles';
import { useEffect, useRef, useState } from 'react';
import { newestBubble, shouldHighlight, takeHighlightFlags } from '../lib/highlight';

/**
 * Spec §4: on arriving at a category's profile, the id of the newest real bubble while it is highlighted
 * (4.5 s), when the person has just added it; otherwise null. Decided once per category shown, as soon as
 * the person's bubbles are known; the flags are used up then.
 */
export function useNewBubbleHighlight(
  category: Category | null,
  real: readonly Bubble[],
  ready: boolean,
): string | null {
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const decidedFor = useRef<Category | null>(null);

  useEffect(() => {
    if (!ready || category === null || decidedFor.current === category) return;
    decidedFor.current = category;
    const flags = takeHighlightFlags(category);
    const newest = newestBubble(real);
    if (newest && shouldHighlight({ category, realCount: real.length, ...flags, now: Date.now() })) {
      setHighlightId(newest.id);
    }
  }, [category, real, ready]);

  useEffect(() => {
    if (!highlightId) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  return highlightId;
}
