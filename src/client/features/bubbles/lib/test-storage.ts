/** Browser storage for unit tests (which run in Node): a Storage over a Map, and a cookie jar. */
export class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  /** When set, every write throws, as a full or disabled storage does. */
  refuseWrites = false;
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.refuseWrites) throw new DOMException('quota exceeded', 'QuotaExceededError');
    this.data.set(key, String(value));
  }
}

export type FakeBrowser = { localStorage: MemoryStorage; sessionStorage: MemoryStorage; cookies: string[] };

/** A `window` and `document` with storage and cookies, for `vi.stubGlobal`. */
export function fakeBrowser(): FakeBrowser & { window: object; document: object } {
  const localStorage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  const cookies: string[] = [];
  return {
    localStorage,
    sessionStorage,
    cookies,
    window: {
      localStorage,
      sessionStorage,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
    document: {
      set cookie(value: string) {
        cookies.push(value);
      },
      /** What a page under /app reads: the live cookies, those of the longest path first. */
      get cookie() {
        const jar = new Map<string, { value: string; path: string }>();
        for (const line of cookies) {
          const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
          const name = pair.slice(0, pair.indexOf('='));
          const path = attributes.find((part) => part.startsWith('Path='))?.slice(5) ?? '/';
          if (attributes.includes('Max-Age=0')) jar.delete(`${path} ${name}`);
          else jar.set(`${path} ${name}`, { value: pair.slice(name.length + 1), path });
        }
        return [...jar.entries()]
          .sort(([, a], [, b]) => b.path.length - a.path.length)
          .map(([key, { value }]) => `${key.slice(key.indexOf(' ') + 1)}=${value}`)
          .join('; ');
      },
    },
  };
}
