import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner in the first download: the library loads with the first toast, and the Toaster
 * (see app/toaster.tsx) mounts before it is shown.
 */
type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'info' | 'message';

let sonner: Promise<Sonner> | undefined;
let mounted: (() => void) | undefined;
const toasterMounted = new Promise<void>((resolve) => {
  mounted = resolve;
});
const listeners = new Set<() => void>();
let requested = false;

export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

/** For the Toaster host: whether a toast has been asked for yet, and a way to hear about it. */
export const toasterStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  requested: () => requested,
  markMounted: () => mounted?.(),
};

function show(kind: Kind, message: string, data?: ExternalToast) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([loadSonner(), toasterMounted]).then(([{ toast }]) =>
    kind === 'message' ? toast(message, data) : toast[kind](message, data),
  );
}

export const toast = {
  success: (message: string, data?: ExternalToast) => show('success', message, data),
  error: (message: string, data?: ExternalToast) => show('error', message, data),
  info: (message: string, data?: ExternalToast) => show('info', message, data),
  message: (message: string, data?: ExternalToast) => show('message', message, data),
};
