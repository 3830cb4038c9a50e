import type { SVGProps } from 'react';

/** The Mirror symbol: a circle, half reflected. Decorative; label the element that holds it. */
export function MirrorMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props}>
      <circle cx="16" cy="16" r="13" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M16 3a13 13 0 0 1 0 26z" fill="currentColor" />
    </svg>
  );
}
