/**
 * A QR code drawn from the path the server computed (dark modules on white, whatever the page's theme, so
 * every camera reads it). Nothing is fetched from anywhere.
 */
export function QrCode({ qr, label }: { qr: { size: number; path: string }; label: string }) {
  return (
    <svg
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      className="size-48 rounded-xl border border-border sm:size-52"
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={qr.path} fill="#000000" />
    </svg>
  );
}
