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
function attachTooltip(trigger: HTMLElement, content: string): () => void {
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

  const listening = new AbortController();
  const options = { signal: listening.signal };
  trigger.addEventListener('pointerenter', onPointerEnter, options);
  trigger.addEventListener('pointerleave', close, options);
  trigger.addEventListener('focus', onFocus, options);
  trigger.addEventListener('blur', close, options);
  // Code that arrives late (the landing's, once someone is there) finds the pointer or the focus already on it.
  if (trigger.matches(':hover')) onPointerEnter();
  else if (document.activeElement === trigger) onFocus();
  return () => {
    close();
    listening.abort();
  };
}

/**
 * The tooltip of a `<Tooltip>`'s wrapper (`data-tooltip`, its text) on the element it wraps: run by the
 * component in the app, and by the landing's script on the server's markup. Returns the clean-up.
 */
export function attachWrappedTooltip(wrapper: HTMLElement): (() => void) | undefined {
  const trigger = wrapper.firstElementChild;
  const content = wrapper.dataset.tooltip;
  if (!(trigger instanceof HTMLElement) || !content) return undefined;
  return attachTooltip(trigger, content);
}
