import { describe, expect, it } from 'vitest';
import { Msg, VOD_SEARCH_PAGE_SIZE } from '../../src/contract';
import { searchNextPage } from '../../src/app/features/video/search-paging';
import { keywordError } from '../../src/app/features/search/search-rules';
import { pushSearchHistory } from '../../src/app/lib/device/search-history';

describe('video search rules', () => {
  it('has a next page only when a full page of 20 came back', () => {
    const full = { list: Array.from({ length: VOD_SEARCH_PAGE_SIZE }, (_, i) => i) };
    const short = { list: full.list.slice(1) };
    expect(searchNextPage(full, [full])).toBe(2);
    expect(searchNextPage(full, [full, full])).toBe(3);
    expect(searchNextPage(short, [full, short])).toBeUndefined();
    expect(searchNextPage({ list: [] }, [{ list: [] }])).toBeUndefined();
  });

  it('validates the keyword with the spec messages', () => {
    expect(keywordError('  ')).toBe(Msg.enterKeyword);
    expect(keywordError('a'.repeat(21))).toBe(Msg.keywordTooLong);
    expect(keywordError('视'.repeat(20))).toBeNull();
  });

  it('keeps history most recent first, without duplicates, 10 at most', () => {
    let h: string[] = [];
    for (let i = 0; i < 12; i++) h = pushSearchHistory(h, `w${i}`);
    expect(h).toHaveLength(10);
    expect(h[0]).toBe('w11');
    h = pushSearchHistory(h, 'w5');
    expect(h[0]).toBe('w5');
    expect(h.filter((x) => x === 'w5')).toHaveLength(1);
  });
});
