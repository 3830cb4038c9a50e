import type { TNewsletterDraft } from '@shared/schemas/newsletters';

/**
 * A request from elsewhere on the page (a duplicated campaign) to open a newsletter draft in the composer.
 * The latest request waits until the composer takes it, so it is not lost while the composer loads.
 */
let pending: TNewsletterDraft | null = null;
const listeners = new Set<() => void>();

export function requestDraftOpen(draft: TNewsletterDraft): void {
  pending = draft;
  for (const listener of listeners) listener();
}

/** The waiting request, once: whoever takes it handles it. */
export function takeDraftOpenRequest(): TNewsletterDraft | null {
  const draft = pending;
  pending = null;
  return draft;
}

export function subscribeDraftOpenRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
