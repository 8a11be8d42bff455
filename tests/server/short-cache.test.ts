import { describe, expect, it } from 'vitest';
import { shortCache } from '../../src/server/services/catalogue/short-cache.js';

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
});
