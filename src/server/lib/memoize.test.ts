import { describe, expect, it } from 'vitest';
import { memoizeAsync } from './memoize';

describe('memoizeAsync', () => {
  it('computes once per key, forgets the least recently used, and retries failures', async () => {
    const calls: string[] = [];
    let fail = true;
    const memo = memoizeAsync(
      async (name: string) => {
        calls.push(name);
        if (name === 'flaky' && fail) throw new Error('once');
        return name.toUpperCase();
      },
      { key: (name) => name, max: 2 },
    );
    expect(await memo('a')).toBe('A');
    expect(await memo('a')).toBe('A');
    await memo('b');
    await memo('a');
    await memo('c');
    await memo('a');
    await memo('b');
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
    await expect(memo('flaky')).rejects.toThrow('once');
    fail = false;
    expect(await memo('flaky')).toBe('FLAKY');
  });
});
