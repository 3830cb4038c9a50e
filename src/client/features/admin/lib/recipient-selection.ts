/**
 * The newsletter list's selection, shared by the list (where staff pick addresses) and the composer (which
 * sends to them). It lives outside React so both sections see the same set, and closing one keeps it.
 */

/**
 * The selected waiting-list entry ids; `version` grows with every change, a cheap key for the plan query.
 * `resets` grows when the selection is let go as a whole from outside the list (a newsletter was sent to it):
 * the list then drops its own "all that match" too, which the ids alone cannot tell it.
 */
export type RecipientSelection = {
  readonly ids: ReadonlySet<string>;
  readonly version: number;
  readonly resets: number;
};

export type SelectionStore = {
  get: () => RecipientSelection;
  subscribe: (listener: () => void) => () => void;
  /** Replaces the ids with what `change` returns; returning the same set changes nothing. */
  update: (change: (ids: ReadonlySet<string>) => ReadonlySet<string>) => void;
  clear: () => void;
  /** Clears the ids and counts a reset: every view lets go of the selection, "all that match" included. */
  reset: () => void;
};

export function createSelectionStore(): SelectionStore {
  let snapshot: RecipientSelection = { ids: new Set(), version: 0, resets: 0 };
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  const listeners = new Set<() => void>();

  const update = (change: (ids: ReadonlySet<string>) => ReadonlySet<string>) => {
    const next = change(snapshot.ids);
    if (next === snapshot.ids) return;
    snapshot = { ...snapshot, ids: next, version: snapshot.version + 1 };
    tell();
  };

  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update,
    clear: () => update((ids) => (ids.size === 0 ? ids : new Set())),
    reset() {
      snapshot = { ids: new Set(), version: snapshot.version + 1, resets: snapshot.resets + 1 };
      tell();
    },
  };
}

/** The one selection of the admin page. */
export const recipientSelection = createSelectionStore();

/**
 * The selection without ids that left the list (deleted here or by someone else); the same set when every
 * id is still there, so an unchanged list does not count as a change.
 */
export function keepOnList(
  ids: ReadonlySet<string>,
  entries: readonly { id: string }[],
): ReadonlySet<string> {
  if (ids.size === 0) return ids;
  const onList = new Set(entries.map((entry) => entry.id));
  const kept = new Set([...ids].filter((id) => onList.has(id)));
  return kept.size === ids.size ? ids : kept;
}
