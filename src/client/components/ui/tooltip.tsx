import { attachWrappedTooltip } from '@client/lib/tooltip';
import { type ReactElement, useEffect, useRef } from 'react';

/**
 * A text tooltip on its child (spec §9: after 700 ms of hover, at once on keyboard focus; closes on leave,
 * blur or Escape). Small on purpose: it sits in the footer of every page. The behaviour is plain DOM
 * (`lib/tooltip.ts`), which the landing's own script also gives the server's markup: the wrapper carries
 * the text in `data-tooltip` for it (decision 059).
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement }) {
  const wrapper = useRef<HTMLSpanElement>(null);

  // Attached afresh when the text changes (another language): the wrapper's `data-tooltip` carries it.
  useEffect(() => {
    if (content && wrapper.current) return attachWrappedTooltip(wrapper.current);
  }, [content]);

  return (
    <span ref={wrapper} className="relative inline-flex" data-tooltip={content}>
      {children}
    </span>
  );
}
