/**
 * Remembers the results of an async function by key, keeping the `max` most recently used. For pure work
 * worth skipping (server rendering the same page with the same content again); never for anything that must
 * be shared between app processes.
 */
export function memoizeAsync<I, O>(
  fn: (input: I) => Promise<O>,
  options: { key: (input: I) => string; max: number },
) {
  const cache = new Map<string, Promise<O>>();
  return (input: I): Promise<O> => {
    const key = options.key(input);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const result = fn(input);
    cache.set(key, result);
    result.catch(() => cache.delete(key));
    if (cache.size > options.max) cache.delete(cache.keys().next().value as string);
    return result;
  };
}
