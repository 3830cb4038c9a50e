import { INTRO_TO_APP_MS } from '@shared/domain/bubbles';

/**
 * The end of the test home's intro (spec §2, §9): after "continue" the page blurs, and INTRO_TO_APP_MS later
 * the questionnaire opens. The `fromTransition` flag is set only then, right before leaving, so a visitor who
 * goes elsewhere meanwhile does not find a later /app starting blurred. Under reduced motion the blur appears
 * without animating, and the wait stays: it is the pause the flow asks for, not an animation.
 * Returns a cancel function (for unmounting).
 */
export function scheduleIntroExit({
  markTransition,
  goToApp,
  delayMs = INTRO_TO_APP_MS,
}: {
  markTransition: () => void;
  goToApp: () => void;
  delayMs?: number;
}): () => void {
  const timer = setTimeout(() => {
    markTransition();
    goToApp();
  }, delayMs);
  return () => clearTimeout(timer);
}
