import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Msg, SEARCH_HISTORY_MAX } from '../../src/contract';
import { keywordError } from '../../src/app/features/search/search-rules';
import { pushSearchHistory } from '../../src/app/lib/device/search-history';

describe('keyword rules (spec §5)', () => {
  it('rejects an empty keyword', () => {
    expect(keywordError('')).toBe(Msg.enterKeyword);
    expect(keywordError('   ')).toBe(Msg.enterKeyword);
  });
  it('rejects more than 20 characters, counting Chinese characters as one', () => {
    expect(keywordError('漫'.repeat(20))).toBeNull();
    expect(keywordError('漫'.repeat(21))).toBe(Msg.keywordTooLong);
    expect(keywordError('a'.repeat(21))).toBe(Msg.keywordTooLong);
  });
  it('accepts a keyword with spaces around it', () => {
    expect(keywordError('  海贼 ')).toBeNull();
  });
});

describe('search history (spec §5)', () => {
  it('keeps the most recent first without duplicates', () => {
    let h: string[] = [];
    for (const w of ['a', 'b', 'c', 'a']) h = pushSearchHistory(h, w);
    expect(h).toEqual(['a', 'c', 'b']);
  });
  it('is capped at 10 for any sequence of searches', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 5 }), { maxLength: 60 }), (words) => {
        let h: string[] = [];
        for (const w of words) h = pushSearchHistory(h, w);
        expect(h.length).toBeLessThanOrEqual(SEARCH_HISTORY_MAX);
        expect(new Set(h).size).toBe(h.length);
        const last = words.filter((w) => w.trim()).at(-1);
        if (last) expect(h[0]).toBe(last.trim());
      }),
    );
  });
});
