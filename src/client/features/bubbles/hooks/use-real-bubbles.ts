import { useSession } from '@client/lib/session';
import { type Bubble, CATEGORIES, type Category, MAX_BUBBLES_PER_REQUEST } from '@shared/domain/bubbles';
import type { TBubbleList } from '@shared/schemas/bubbles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { bubblesQuery, saveBubbles } from '../api/bubbles';
import { byCategory, chunks, mergeBubbles, ownBubbles, toUpload } from '../lib/merge';
import { markOwner, readAllHistories, readOwners, subscribeToHistories, writeHistory } from '../lib/storage';

type StoredBubbles = { histories: Record<Category, Bubble[]>; owners: Record<string, string> };

let stored: StoredBubbles | undefined;
function subscribe(listener: () => void) {
  return subscribeToHistories(() => {
    stored = undefined;
    listener();
  });
}
function getSnapshot(): StoredBubbles {
  stored ??= { histories: readAllHistories(), owners: readOwners() };
  return stored;
}
const NOTHING_STORED: StoredBubbles = {
  histories: byCategory([]),
  owners: {},
};

/** What this browser holds (spec §3), kept current when it changes here or in another tab. */
function useStoredBubbles(): StoredBubbles {
  return useSyncExternalStore(subscribe, getSnapshot, () => NOTHING_STORED);
}

export type RealBubbles = {
  /** The person's own bubbles per category, oldest first. */
  byCategory: Record<Category, Bubble[]>;
  /** Whether the list is complete enough to decide on the highlight: the session is known. */
  ready: boolean;
  userId: string | null;
  /** Whether the account's bubbles have been asked for and answered (or refused); always, for a visitor. */
  loaded: boolean;
  /** The server could not be reached or refused; the bubbles shown are this browser's. */
  syncFailed: boolean;
  retrySync: () => void;
};

/**
 * The person's own bubbles. A visitor's are this browser's histories. For a signed-in person they are the
 * union of the server's and this browser's: stored bubbles the server lacks are uploaded (the merge at
 * sign-in, and the retry of an answer whose save failed), and every category's history takes the server's
 * bubbles, so all devices converge.
 */
export function useRealBubbles(): RealBubbles {
  const session = useSession();
  const userId = session.data?.user?.id ?? null;
  const { histories, owners } = useStoredBubbles();
  const queryClient = useQueryClient();
  const server = useQuery({ ...bubblesQuery(userId ?? ''), enabled: userId !== null });
  const [uploadFailed, setUploadFailed] = useState(false);
  const uploading = useRef(false);

  const local = useMemo(
    () =>
      ownBubbles(
        CATEGORIES.flatMap((category) => histories[category]),
        owners,
        userId,
      ),
    [histories, owners, userId],
  );

  const sync = useCallback(
    async (serverList: TBubbleList['bubbles'], user: string) => {
      if (uploading.current) return;
      uploading.current = true;
      try {
        let latest = serverList;
        const missing = toUpload(local, latest);
        for (const part of chunks(missing, MAX_BUBBLES_PER_REQUEST)) {
          latest = (await saveBubbles(part)).bubbles;
        }
        if (missing.length > 0) queryClient.setQueryData(bubblesQuery(user).queryKey, { bubbles: latest });
        markOwner(
          latest.map((bubble) => bubble.id).filter((id) => owners[id] !== user),
          user,
        );
        const serverByCategory = byCategory(latest);
        for (const category of CATEGORIES) {
          const stored = histories[category];
          const merged = mergeBubbles(stored, serverByCategory[category]);
          if (merged.length !== stored.length) writeHistory(category, merged);
        }
        setUploadFailed(false);
      } catch (error) {
        console.warn('The bubbles could not be synced', error);
        setUploadFailed(true);
      } finally {
        uploading.current = false;
      }
    },
    [local, histories, owners, queryClient],
  );

  const serverList = server.data?.bubbles;
  useEffect(() => {
    if (userId === null || !serverList || uploadFailed) return;
    void sync(serverList, userId);
  }, [serverList, userId, sync, uploadFailed]);

  const all = useMemo(() => mergeBubbles(serverList ?? [], local), [serverList, local]);

  return {
    byCategory: useMemo(() => byCategory(all), [all]),
    ready: !session.isPending,
    userId,
    loaded: !session.isPending && (userId === null || server.isSuccess || server.isError),
    syncFailed: uploadFailed || server.isError,
    retrySync: () => {
      setUploadFailed(false);
      if (server.isError) void server.refetch();
    },
  };
}
