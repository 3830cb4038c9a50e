import { apiRequest } from '@client/lib/api-client';
import type { TBubbleList, TSaveBubbles } from '@shared/schemas/bubbles';
import { queryOptions } from '@tanstack/react-query';

/** A signed-in person's bubbles on the server (GET /api/bubbles), oldest first. */
export function bubblesQuery(userId: string) {
  return queryOptions({
    queryKey: ['bubbles', userId] as const,
    queryFn: ({ signal }) => apiRequest<TBubbleList>('/bubbles', { signal }),
    staleTime: 30_000,
  });
}

/** Saves bubbles the server does not have yet (by id); answers with all of the person's bubbles. */
export function saveBubbles(bubbles: TSaveBubbles['bubbles']): Promise<TBubbleList> {
  return apiRequest<TBubbleList>('/bubbles', { method: 'POST', body: { bubbles } satisfies TSaveBubbles });
}
