/**
 * At most `limit` slots per key, held until given back: open connections per client address, open event
 * streams per staff session. In memory, so per process.
 */
export function createSlots(limit: number) {
  const taken = new Map<string, number>();
  return {
    /** Takes a slot of `key`; answers the function that gives it back (once), or null when all are taken. */
    take(key: string): (() => void) | null {
      const count = taken.get(key) ?? 0;
      if (count >= limit) return null;
      taken.set(key, count + 1);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        const left = (taken.get(key) ?? 1) - 1;
        if (left > 0) taken.set(key, left);
        else taken.delete(key);
      };
    },
  };
}
