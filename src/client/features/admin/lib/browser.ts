/**
 * The browser services the admin panels use, each failing softly: storage can be disabled or full, and the
 * clipboard needs permission. Admin pages are rendered in the browser only; without a window (a server
 * render) stored values read as missing.
 */

export function readStored(key: string): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes to localStorage; false when the browser refused (the panel keeps working from memory). */
export function writeStored(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Puts text on the clipboard; rejects when the browser does not allow it. */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('clipboard unavailable');
  await navigator.clipboard.writeText(text);
}
