import { describe, expect, it } from 'vitest';
import { shortCache, shortCacheBy } from '../../src/server/services/catalogue/short-cache.js';

describe('shortCache', () => {
  it('computes once per period, again after it, and never keeps a failure', async () => {
    let t = 0;
    let calls = 0;
    let failNext = false;
    const get = shortCache(
      1000,
      async () => {
        calls++;
        if (failNext) {
          failNext = false;
          throw new Error('db down');
        }
        return calls;
      },
      () => t,
    );
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    t = 999;
    expect(await get()).toBe(1);
    t = 1000;
    failNext = true;
    await expect(get()).rejects.toThrow('db down');
    expect(await get()).toBe(3);
    expect(calls).toBe(3);
  });

  it('per key: each key computed once per period, and the memory bounded', async () => {
    let t = 0;
    const calls: string[] = [];
    const get = shortCacheBy(
      1000,
      2,
      async (k: string) => {
        calls.push(k);
        return `${k}${calls.length}`;
      },
      () => t,
    );
    expect(await Promise.all([get('a'), get('a'), get('b')])).toEqual(['a1', 'a1', 'b2']);
    t = 1000;
    expect(await get('a')).toBe('a3');
    // A third key starts the memory afresh: 'b' is computed again although its period has not ended.
    t = 1500;
    await get('c');
    expect(await get('b')).toBe('b5');
    expect(calls).toEqual(['a', 'b', 'a', 'c', 'b']);
  });
});
