import { describe, expect, it } from 'vitest';
import {
  Api,
  apiPath,
  CACHEABLE_API_PREFIXES,
  endpointIds,
  endpoints,
  Header,
  PER_USER_CACHEABLE_PREFIXES,
} from '../../src/contract';
import { apiCacheKey, isGrantedAnswer } from '../../sw/api-cache';

const ORIGIN = 'https://inkreel.test';
const as = (userId?: string) => new Headers(userId ? { [Header.userId]: userId } : {});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('service worker API cache keys', () => {
  const chapter = `${ORIGIN}${Api.readChapter}?bookId=7&number=2`;

  it('a chapter fetched ahead is found when the chapter is opened', () => {
    expect(apiCacheKey(`${chapter}&prefetch=1`, as('41'))).toBe(apiCacheKey(chapter, as('41')));
  });

  it('keeps answers with per-user bits apart per user', () => {
    expect(apiCacheKey(chapter, as('41'))).not.toBe(apiCacheKey(chapter, as('42')));
    expect(apiCacheKey(chapter, as())).not.toBe(apiCacheKey(chapter, as('41')));
    const detail = `${ORIGIN}/api/book/detail/7`;
    expect(apiCacheKey(detail, as('41'))).not.toBe(apiCacheKey(detail, as('42')));
  });

  it('shares public catalogue answers between users and ignores parameter order', () => {
    const home = `${ORIGIN}${Api.homeIndex}`;
    expect(apiCacheKey(home, as('41'))).toBe(home);
    expect(apiCacheKey(home, as('42'))).toBe(home);
    expect(apiCacheKey(`${ORIGIN}/api/book/rank?type=week&category=1&currentPage=2`, as('1'))).toBe(
      apiCacheKey(`${ORIGIN}/api/book/rank?currentPage=2&category=1&type=week`, as('2')),
    );
  });
});

describe('service worker keeps only granted answers', () => {
  it('keeps a readable chapter', async () => {
    expect(await isGrantedAnswer(json({ result: true, code: 200, msg: 'ok', data: {} }))).toBe(true);
  });

  it('does not keep a locked, missing or reload answer, an error status or a non-JSON body', async () => {
    expect(await isGrantedAnswer(json({ result: false, code: 999, msg: '', data: {} }))).toBe(false);
    expect(await isGrantedAnswer(json({ result: false, code: 400, msg: '', data: null }))).toBe(false);
    expect(await isGrantedAnswer(json({ result: true, code: 101, msg: '', data: null }))).toBe(false);
    expect(await isGrantedAnswer(json({ result: true, code: 200, msg: '', data: {} }, 500))).toBe(false);
    expect(await isGrantedAnswer(new Response('<html>', { status: 200 }))).toBe(false);
  });

  it('leaves the answer readable for the page', async () => {
    const res = json({ result: true, code: 200, msg: 'ok', data: { n: 1 } });
    await isGrantedAnswer(res);
    expect(((await res.json()) as { data: { n: number } }).data.n).toBe(1);
  });
});

describe('service worker cache rules come from the contract table', () => {
  const cacheable = (path: string) => CACHEABLE_API_PREFIXES.some((p) => path.startsWith(p));
  const perUser = (path: string) => PER_USER_CACHEABLE_PREFIXES.some((p) => path.startsWith(p));

  it('caches exactly the GET calls the table marks catalogue or per-user', () => {
    for (const id of endpointIds) {
      const e = endpoints[id];
      const path = apiPath(e.path, {
        branchId: 0,
        type: 'hot',
        page: 1,
        id: 7,
        category: 0,
        publish: 0,
        provider: 'x',
        vodId: 3,
      });
      const kept = e.method === 'GET' && e.cache !== 'none';
      expect(cacheable(path), id).toBe(kept);
      expect(perUser(path), id).toBe(kept && e.cache === 'per-user');
    }
  });

  it('never caches account, purchase or payment calls', () => {
    for (const path of [Api.info, Api.recharge, Api.vodOrders, Api.payApply, Api.dailySign])
      expect(cacheable(path), path).toBe(false);
    expect(perUser(Api.readChapter) && perUser('/api/book/detail/7') && perUser(Api.todayUpdate)).toBe(true);
  });
});
