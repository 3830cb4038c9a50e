import { cn } from '@client/lib/cn';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { Button } from './button';

/**
 * A dialog that shows the details of one thing (a subscriber, an invitation): a title, a line naming the
 * thing, a close button and the content (Radix Dialog: focus stays inside, Escape closes, focus returns to
 * the trigger). Controlled when `open` is given. Without a `trigger` (one dialog for the many buttons of a
 * list), `returnFocus` names the button that opened it, which gets the focus back on closing.
 */
export function DetailDialog({
  trigger,
  title,
  description,
  closeLabel,
  returnFocus,
  open,
  onOpenChange,
  width = 'md',
  children,
}: {
  /** The button that opens the dialog. */
  trigger?: ReactElement;
  /** Without a trigger: the element that gets the focus back when the dialog closes. */
  returnFocus?: () => HTMLElement | null | undefined;
  title: ReactNode;
  description: ReactNode;
  closeLabel: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  width?: 'md' | 'xl' | '3xl';
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-sm transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content
          onCloseAutoFocus={
            returnFocus
              ? (event) => {
                  event.preventDefault();
                  returnFocus()?.focus();
                }
              : undefined
          }
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[1.75rem] border border-border bg-surface-raised p-6 text-fg shadow-2xl shadow-black/20 transition-[opacity,scale] duration-200 starting:scale-95 starting:opacity-0 sm:p-8',
            { md: 'max-w-md', xl: 'max-w-xl', '3xl': 'max-w-3xl' }[width],
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl font-semibold text-balance">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" className="-mt-1 -mr-2 size-9 px-0" aria-label={closeLabel}>
                <X className="size-4" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 break-all text-fg-muted">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
