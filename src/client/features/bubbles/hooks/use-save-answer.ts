import { useSession } from '@client/lib/session';
import type { Bubble } from '@shared/domain/bubbles';
import { useQueryClient } from '@tanstack/react-query';
import { bubblesQuery, saveBubbles } from '../api/bubbles';
import { markJustAdded, rememberCountBeforeAnswering } from '../lib/highlight';
import { appendToHistory, markOwner } from '../lib/storage';

/**
 * Keeps an answered bubble (spec §3, §4): in this browser's history and cookies, and for a signed-in person
 * also on the server, without waiting for it (a failed save stays in the browser and goes up with the next
 * merge on the profile). Then leaves the flags of the new-bubble highlight. True when the bubble is kept
 * somewhere; false when the browser refused and there is no account to keep it in.
 */
export function useSaveAnswer() {
  const userId = useSession().data?.user?.id ?? null;
  const queryClient = useQueryClient();

  return async (bubble: Bubble, countBefore: number): Promise<boolean> => {
    const storedLocally = appendToHistory(bubble);
    const upload =
      userId === null
        ? null
        : saveBubbles([bubble]).then((list) => {
            markOwner([bubble.id], userId);
            queryClient.setQueryData(bubblesQuery(userId).queryKey, list);
          });
    if (storedLocally) {
      upload?.catch((error) =>
        console.warn('The bubble is kept in this browser; the server did not take it', error),
      );
    } else {
      if (!upload) return false;
      try {
        await upload;
      } catch {
        return false;
      }
    }
    rememberCountBeforeAnswering(bubble.category, countBefore);
    markJustAdded(bubble.category, Date.now());
    return true;
  };
}
