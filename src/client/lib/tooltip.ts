import { TOOLTIP_DELAY_MS } from './ui-constants';

/** Above its trigger, centred; the trigger's parent is the positioned box (`relative`). */
const TOOLTIP_CLASS =
  'pointer-events-none absolute bottom-full left-1/2 z-50 mb-2 -translate-x-1/2 whitespace-nowrap rounded-md bg-fg px-2.5 py-1.5 text-xs text-surface shadow-md';

let tooltips = 0;

/**
 * Gives `trigger` a text tooltip (spec §9): it opens after TOOLTIP_DELAY_MS of hover or at once on keyboard
 * focus, and closes on leave, blur or Escape. While open, the trigger is described by it. Plain DOM, so the
 * landing's own script (decision 059) and the app's `<Tooltip>` share it. Returns the clean-up.
 */
export function attachTooltip(trigger: HTMLElement, content: string): () => void {
  tooltips += 1;
  const id = `tooltip-${tooltips}`;
  const described = trigger.getAttribute('aria-describedby');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tip: HTMLSpanElement | null = null;

  const open = () => {
    if (tip) return;
    tip = document.createElement('span');
    tip.id = id;
    tip.setAttribute('role', 'tooltip');
    tip.className = TOOLTIP_CLASS;
    tip.textContent = content;
    trigger.after(tip);
    trigger.setAttribute('aria-describedby', described ? `${described} ${id}` : id);
    document.addEventListener('keydown', onKeyDown);
  };
  const close = () => {
    clearTimeout(timer);
    if (!tip) return;
    tip.remove();
    tip = null;
    if (described) trigger.setAttribute('aria-describedby', described);
    else trigger.removeAttribute('aria-describedby');
    document.removeEventListener('keydown', onKeyDown);
  };
  const openAfter = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(open, delayMs);
  };
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') close();
  }
  const onPointerEnter = () => openAfter(TOOLTIP_DELAY_MS);
  const onFocus = () => {
    if (trigger.matches(':focus-visible')) openAfter(0);
  };

  trigger.addEventListener('pointerenter', onPointerEnter);
  trigger.addEventListener('pointerleave', close);
  trigger.addEventListener('focus', onFocus);
  trigger.addEventListener('blur', close);
  // Code that arrives late (the landing's, once someone is there) finds the pointer or the focus already on it.
  if (trigger.matches(':hover')) onPointerEnter();
  else if (document.activeElement === trigger) onFocus();
  return () => {
    close();
    trigger.removeEventListener('pointerenter', onPointerEnter);
    trigger.removeEventListener('pointerleave', close);
    trigger.removeEventListener('focus', onFocus);
    trigger.removeEventListener('blur', close);
  };
}
