import { TOOLTIP_DELAY_MS } from '@client/lib/ui-constants';
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

type TriggerProps = {
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A text tooltip on its child: opens after 700 ms of hover (spec §9) or at once on keyboard focus, closes
 * on leave, blur or Escape. Small on purpose: it sits in the footer of every page.
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = (delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delayMs);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const own = children.props;
  return (
    <span className="relative inline-flex">
      {cloneElement(children, {
        'aria-describedby': open ? id : own['aria-describedby'],
        onPointerEnter: (event) => {
          own.onPointerEnter?.(event);
          show(TOOLTIP_DELAY_MS);
        },
        onPointerLeave: (event) => {
          own.onPointerLeave?.(event);
          hide();
        },
        onFocus: (event) => {
          own.onFocus?.(event);
          if (event.currentTarget.matches(':focus-visible')) show(0);
        },
        onBlur: (event) => {
          own.onBlur?.(event);
          hide();
        },
      })}
      {open && (
        <span
          role="tooltip"
          id={id}
          className="pointer-events-none absolute bottom-full left-1/2 z-50 mb-2 -translate-x-1/2 whitespace-nowrap rounded-md bg-fg px-2.5 py-1.5 text-xs text-surface shadow-md"
        >
          {content}
        </span>
      )}
    </span>
  );
}
