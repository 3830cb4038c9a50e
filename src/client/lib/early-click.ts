/**
 * The last tap on a button of a server-drawn page before its code ran, remembered by public/boot.js
 * (`mirrorEarlyClick`, decisions 029 and 054), is tapped again once the code runs: the app (main.tsx) or the
 * landing's own script (landing.ts, decision 059).
 */
export function repeatEarlyClick() {
  const early = (globalThis as { mirrorEarlyClick?: unknown }).mirrorEarlyClick;
  if (early instanceof HTMLButtonElement && early.isConnected && !early.disabled) early.click();
}
