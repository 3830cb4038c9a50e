import { cn } from '@client/lib/cn';
import { AlertDialog } from 'radix-ui';
import type { FormEvent, ReactElement, ReactNode, RefObject } from 'react';
import { buttonClassName } from './button';
import { Spinner } from './spinner';

/** The look of the button that confirms destroying something. */
export const DANGER_BUTTON_CLASS = buttonClassName({ variant: 'dangerSolid' });

/** The confirm button of a confirmation that destroys nothing (sending, inviting). */
const CONFIRM_BUTTON_CLASS = buttonClassName({ variant: 'primary' });

/** The quieter look of a button that opens such a confirmation. */
export const DANGER_OUTLINE_BUTTON_CLASS = buttonClassName({ variant: 'dangerOutline' });

/**
 * A confirmation (Radix AlertDialog: focus starts on Cancel, stays inside,
 * Escape cancels). The confirm button submits a form, so fields placed in `children` (a password, say) confirm
 * with Enter. While `pending` the dialog cannot be closed and the confirm button shows a spinner; the caller
 * closes it when the work is done. Focus goes back to `trigger` when the dialog closes.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  pending = false,
  onConfirm,
  initialFocus,
  tone = 'danger',
  children,
}: {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** Said to screen readers (and shown) while the work is under way. */
  pendingLabel: ReactNode;
  pending?: boolean;
  onConfirm: () => void;
  /** Where focus starts (a field in `children`); Cancel by default. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** `danger` for what cannot be undone; `default` for a confirmation of something that destroys nothing. */
  tone?: 'danger' | 'default';
  children?: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onConfirm();
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-sm transition-opacity duration-200 starting:opacity-0" />
        <AlertDialog.Content
          onEscapeKeyDown={(event) => pending && event.preventDefault()}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
            'rounded-[1.75rem] border border-border bg-surface-raised p-6 text-fg shadow-2xl shadow-black/20 sm:p-8',
            'transition-[opacity,scale] duration-200 starting:scale-95 starting:opacity-0',
          )}
        >
          <form noValidate onSubmit={submit}>
            <AlertDialog.Title className="font-display text-2xl font-semibold text-balance">
              {title}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-3 text-fg-muted">{description}</AlertDialog.Description>
            {children && <div className="mt-6">{children}</div>}
            <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel disabled={pending} className={buttonClassName({ variant: 'secondary' })}>
                {cancelLabel}
              </AlertDialog.Cancel>
              <button
                type="submit"
                className={tone === 'danger' ? DANGER_BUTTON_CLASS : CONFIRM_BUTTON_CLASS}
                aria-disabled={pending || undefined}
              >
                {pending ? (
                  <>
                    <Spinner className="size-4" />
                    <span role="status">{pendingLabel}</span>
                  </>
                ) : (
                  confirmLabel
                )}
              </button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
