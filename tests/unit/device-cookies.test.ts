import { describe, expect, it } from 'vitest';
import { parseCookie } from '../../src/contract';
import { CookieName, cookieString } from '../../src/app/lib/cookies';
import { hasMorePages, isNearBottom, nearBottomRootMargin, nextPageParam } from '../../src/app/lib/paging';
import { nextFadeOpacity } from '../../src/app/components/useFade';

describe('cookies of spec §3', () => {
  it('keeps the download tip and first visit 100 days, the quality 365 days', () => {
    const now = Date.UTC(2026, 0, 1);
    const tip = cookieString(CookieName.downloadTip, '1', 100, now);
    expect(tip).toContain('expires=Sat, 11 Apr 2026 00:00:00 GMT');
    expect(tip).toContain('path=/');
    expect(CookieName.streamLevel).toBe('selectedStreamLevel');
    expect(cookieString(CookieName.streamLevel, '720p', 365, now)).toContain('expires=Fri, 01 Jan 2027');
  });

  it('reads a cookie value by exact name', () => {
    const jar = 'a=1; selectedStreamLevel=1080P%20HD; xselectedStreamLevel=no';
    expect(parseCookie(jar, 'selectedStreamLevel')).toBe('1080P HD');
    expect(parseCookie(jar, 'firstVisit')).toBeUndefined();
  });

  it('takes a malformed value (tampered, or written by other code) as no value, never as an error', () => {
    expect(parseCookie('downloadTip=%E0%A4%A; firstVisit=1', 'downloadTip')).toBeUndefined();
    expect(parseCookie('downloadTip=%E0%A4%A; firstVisit=1', 'firstVisit')).toBe('1');
  });
});

describe('paging (spec §4)', () => {
  it('has no more when totalPage is 0 or the current page is at least totalPage', () => {
    expect(hasMorePages(1, 0)).toBe(false);
    expect(hasMorePages(1, 1)).toBe(false);
    expect(hasMorePages(3, 2)).toBe(false);
    expect(hasMorePages(1, 2)).toBe(true);
    expect(nextPageParam({ totalPage: 3 }, [{}])).toBe(2);
    expect(nextPageParam({ totalPage: 3 }, [{}, {}, {}])).toBeUndefined();
    expect(nextPageParam({ totalPage: 0 }, [{}])).toBeUndefined();
  });

  it('loads more within 110% of the view height', () => {
    expect(isNearBottom(900, 844)).toBe(true);
    expect(isNearBottom(930, 844)).toBe(false);
    expect(nearBottomRootMargin()).toBe('0px 0px 10% 0px');
  });
});

describe('dialog fade', () => {
  it('loses 5% opacity per tick and reaches 0 after 20 ticks', () => {
    let o = 1;
    let ticks = 0;
    while (o > 0) {
      o = nextFadeOpacity(o);
      ticks++;
    }
    expect(ticks).toBe(20);
    expect(nextFadeOpacity(0.03)).toBe(0);
  });
});
