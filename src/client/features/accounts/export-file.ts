import { localIsoDate } from '@shared/domain/journal';

/** Keeps a file name to one safe segment: no folders, no control characters, no leading dots. */
function safeFileName(name: string): string | null {
  const cleaned = name
    .replace(/[/\\:*?"<>|\p{Cc}]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  return cleaned === '' ? null : cleaned;
}

/**
 * The name to save an export under: the server's from `Content-Disposition` (RFC 6266: `filename*` with its
 * UTF-8 encoding wins over `filename`), else `<fallbackStem>-YYYY-MM-DD.<extension>`.
 */
export function exportFileName(
  contentDisposition: string | null,
  now: Date,
  fallback: { stem: string; extension: string } = { stem: 'mirror-export', extension: 'json' },
): string {
  const fallbackName = `${fallback.stem}-${localIsoDate(now)}.${fallback.extension}`;
  if (!contentDisposition) return fallbackName;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/i.exec(contentDisposition)?.[1];
  if (extended) {
    try {
      const name = safeFileName(decodeURIComponent(extended.trim()));
      if (name) return name;
    } catch {
      // A broken percent-encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(contentDisposition);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return (value && safeFileName(value)) || fallbackName;
}
