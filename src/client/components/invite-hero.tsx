import { useId } from 'react';

/**
 * The invitation's hero: two circles of soft light overlapping, like a reflection. Drawn inline rather than
 * loaded as an image, so the server-rendered page shows it in its first paint and the page's largest
 * content is its text, which needs no request (decision 055).
 */
export function InviteHero({ label, className }: { label: string; className?: string }) {
  // Unique references for the gradients and the filter, whatever else the document holds.
  const id = useId();
  const ref = (name: string) => `${id}-${name}`;
  const url = (name: string) => `url(#${ref(name)})`;
  return (
    <svg viewBox="0 0 600 600" width={600} height={600} role="img" aria-label={label} className={className}>
      <defs>
        <radialGradient id={ref('sky')} cx="50%" cy="40%" r="75%">
          <stop offset="0" stopColor="#2a2133" />
          <stop offset="1" stopColor="#16131c" />
        </radialGradient>
        <radialGradient id={ref('left')} cx="40%" cy="40%" r="60%">
          <stop offset="0" stopColor="#f3c6a5" />
          <stop offset=".55" stopColor="#c2678f" />
          <stop offset="1" stopColor="#6b3a5b" stopOpacity="0" />
        </radialGradient>
        <radialGradient id={ref('right')} cx="60%" cy="55%" r="60%">
          <stop offset="0" stopColor="#e8d6f2" />
          <stop offset=".5" stopColor="#8c6bb1" />
          <stop offset="1" stopColor="#3a2a5a" stopOpacity="0" />
        </radialGradient>
        <filter id={ref('soft')} x="-20%" y="-20%" width="140%" height="140%">
          <feGaussianBlur stdDeviation="18" />
        </filter>
        <linearGradient id={ref('line')} x1="0" x2="1">
          <stop offset="0" stopColor="#f6f1ea" stopOpacity="0" />
          <stop offset=".5" stopColor="#f6f1ea" stopOpacity=".55" />
          <stop offset="1" stopColor="#f6f1ea" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="600" height="600" fill={url('sky')} />
      <g filter={url('soft')}>
        <circle cx="235" cy="280" r="165" fill={url('left')} />
        <circle cx="365" cy="320" r="165" fill={url('right')} style={{ mixBlendMode: 'screen' }} />
      </g>
      <circle cx="235" cy="280" r="150" fill="none" stroke="#f6f1ea" strokeOpacity=".35" strokeWidth="1.5" />
      <circle cx="365" cy="320" r="150" fill="none" stroke="#f6f1ea" strokeOpacity=".35" strokeWidth="1.5" />
      <rect x="60" y="470" width="480" height="1.5" fill={url('line')} />
      <g fill="#f6f1ea" fillOpacity=".8">
        <circle cx="120" cy="110" r="1.6" />
        <circle cx="480" cy="90" r="1.2" />
        <circle cx="520" cy="200" r="1.8" />
        <circle cx="80" cy="380" r="1.2" />
        <circle cx="300" cy="70" r="1.4" />
        <circle cx="540" cy="420" r="1.4" />
      </g>
    </svg>
  );
}
