import { apiRequest } from '@client/lib/api-client';
import type { TBubble, TBubbleList } from '@shared/schemas/bubbles';
import { queryOptions } from '@tanstack/react-query';

/** A signed-in person's bubbles on the server (GET /api/bubbles), oldest first. */
export function bubblesQuery(userId: string) {
  return queryOptions({
    queryKey: ['bubbles', userId] as const,
    queryFn: ({ signal }) => apiRequest<TBubbleList>('/bubbles', { signal }),
    staleTime: 30_000,
  });
}

/**
 * Saves bubbles the server does not have yet (by id); answers with all of the person's bubbles. The server
 * takes only the questionnaire's own options for who and when (ZNewBubble; `isUploadable` checks them here).
 */
export function saveBubbles(bubbles: readonly TBubble[]): Promise<TBubbleList> {
  return apiRequest<TBubbleList>('/bubbles', { method: 'POST', body: { bubbles } });
}
