/**
 * The newsletter list's selection, shared by the list (where staff pick addresses) and the composer (which
 * sends to them). It lives outside React so both sections see the same set, and closing one keeps it.
 */

/** The selected waiting-list entry ids; `version` grows with every change, a cheap key for the plan query. */
export type RecipientSelection = { readonly ids: ReadonlySet<string>; readonly version: number };

export type SelectionStore = {
  get: () => RecipientSelection;
  subscribe: (listener: () => void) => () => void;
  /** Replaces the ids with what `change` returns; returning the same set changes nothing. */
  update: (change: (ids: ReadonlySet<string>) => ReadonlySet<string>) => void;
  clear: () => void;
};

export function createSelectionStore(): SelectionStore {
  let snapshot: RecipientSelection = { ids: new Set(), version: 0 };
  const listeners = new Set<() => void>();

  const update = (change: (ids: ReadonlySet<string>) => ReadonlySet<string>) => {
    const next = change(snapshot.ids);
    if (next === snapshot.ids) return;
    snapshot = { ids: next, version: snapshot.version + 1 };
    for (const listener of [...listeners]) listener();
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
