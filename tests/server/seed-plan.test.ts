import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, bookNames } from '../../src/server/demo/names.js';
import { BOOKS_PER_CATEGORY, planBooks } from '../../src/server/demo/plan.js';
import { createRng } from '../../src/server/demo/rng.js';

describe('demo catalogue plan', () => {
  it('marks every book VIP-free: VIP reads every comic free (spec §1, §6)', () => {
    for (const seed of [1, 20_260_101, 777]) {
      const rng = createRng(seed);
      const books = planBooks(rng, bookNames(rng, CATEGORY_NAMES.length * BOOKS_PER_CATEGORY));
      expect(books.length).toBeGreaterThanOrEqual(64);
      expect(books.filter((b) => !b.vipFree).map((b) => b.title)).toEqual([]);
    }
  });
});
