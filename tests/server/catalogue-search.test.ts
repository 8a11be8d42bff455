import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Api, Book, HotWords, Msg, VOD_SEARCH_PAGE_SIZE, VodList } from '../../src/contract/index.js';
import { bookSearchQuery } from '../../src/server/services/catalogue/search.js';
import { phraseQuery, searchText } from '../../src/server/db/search-text.js';
import { anonHeaders, okData } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const EXTRA_VODS = 45;

describe('catalogue: search', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  const search = (content: string) =>
    t.app.inject({
      method: 'POST',
      url: `${Api.search}?content=${encodeURIComponent(content)}`,
      headers: anonHeaders(),
    });
  const titles = async (content: string) =>
    okData(await search(content), z.array(Book))
      .map((b) => b.title)
      .sort();

  beforeAll(async () => {
    t = await createTestApp();
    f = await insertFixtureCatalogue(t.database.db, { extraVods: EXTRA_VODS });
  });
  afterAll(() => t.close());

  it('init_search answers the hot words in order', async () => {
    const res = await t.app.inject({ method: 'GET', url: Api.initSearch, headers: anonHeaders() });
    expect(okData(res, HotWords)).toEqual({ hotWords: f.hotWords });
  });

  it('finds Chinese substrings of titles and authors, one-character keywords and Latin words', async () => {
    expect(await titles('辰之')).toEqual(['星辰之海']);
    expect(await titles('星')).toEqual(['Lost Star 星', '星辰之海']);
    expect(await titles('海')).toEqual(['星辰之海', '海边小镇']);
    expect(await titles('林夕')).toEqual(['星辰之海']);
    expect(await titles('陈')).toEqual(['海边小镇']);
    expect(await titles('dragon')).toEqual(['Dragon Valley']);
    expect(await titles('DRAG')).toEqual(['Dragon Valley']);
    expect(await titles('mira stone')).toEqual(['Dragon Valley']);
    expect(await titles('Star 星')).toEqual(['Lost Star 星']);
    // Characters in the wrong order, or not adjacent, are not a substring.
    expect(await titles('之辰')).toEqual([]);
    expect(await titles('星海')).toEqual([]);
    expect(await titles('不存在')).toEqual([]);
    expect(await titles('!!!')).toEqual([]);
  });

  it('answers parsed books and follows renames through the index triggers', async () => {
    const books = okData(await search('小镇'), z.array(Book));
    expect(books.map((b) => b.bookId)).toEqual([f.finishedBook.id]);
    await t.database.db
      .updateTable('books')
      .set({ title: '山间小屋', search_text: searchText('山间小屋', '陈一') })
      .where('id', '=', f.finishedBook.id)
      .execute();
    expect(await titles('小镇')).toEqual([]);
    expect(await titles('小屋')).toEqual(['山间小屋']);
  });

  it('refuses an empty or too long keyword with the spec messages', async () => {
    for (const url of [Api.search, `${Api.search}?content=`, `${Api.search}?content=%20%20`]) {
      const res = await t.app.inject({ method: 'POST', url, headers: anonHeaders() });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ result: false, msg: Msg.enterKeyword });
    }
    const long = await search('星'.repeat(21));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ result: false, msg: Msg.keywordTooLong });
    expect((await search('星'.repeat(20))).statusCode).toBe(200);
    const vod = await t.app.inject({
      method: 'POST',
      url: `${Api.vodSearch}?content=&currentPage=1`,
      headers: anonHeaders(),
    });
    expect(vod.statusCode).toBe(400);
    expect(vod.json()).toMatchObject({ msg: Msg.enterKeyword });
  });

  it('video search pages by VOD_SEARCH_PAGE_SIZE', async () => {
    const page = async (n: number) =>
      okData(
        await t.app.inject({
          method: 'POST',
          url: `${Api.vodSearch}?content=${encodeURIComponent('片段')}&currentPage=${n}`,
          headers: anonHeaders(),
        }),
        VodList,
      );
    const pages = Math.ceil(EXTRA_VODS / VOD_SEARCH_PAGE_SIZE);
    const seen = new Set<number>();
    for (let n = 1; n <= pages; n++) {
      const p = await page(n);
      expect(p.totalPage).toBe(pages);
      expect(p.list.length).toBe(
        n < pages ? VOD_SEARCH_PAGE_SIZE : EXTRA_VODS - (pages - 1) * VOD_SEARCH_PAGE_SIZE,
      );
      p.list.forEach((v) => seen.add(v.vodId));
    }
    expect(seen.size).toBe(EXTRA_VODS);
    expect((await page(pages + 1)).list).toEqual([]);
    const one = await t.app.inject({
      method: 'POST',
      url: `${Api.vodSearch}?content=${encodeURIComponent('日出')}`,
      headers: anonHeaders(),
    });
    expect(okData(one, VodList)).toMatchObject({
      totalPage: 1,
      list: [{ vodName: '海上日出', vodPointsPlay: 20 }],
    });
    const none = await t.app.inject({
      method: 'POST',
      url: `${Api.vodSearch}?content=zzz`,
      headers: anonHeaders(),
    });
    expect(okData(none, VodList)).toEqual({ list: [], totalPage: 0 });
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'SQLite answers through the FTS5 index, not a table scan',
    async () => {
      const c = bookSearchQuery(t.database.db, phraseQuery('星辰')!).compile();
      const plan = await t.database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${c.sql}`, [...c.parameters]),
      );
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(/books_fts VIRTUAL TABLE INDEX/);
      expect(details).toMatch(/SEARCH books USING INTEGER PRIMARY KEY/);
      expect(details).not.toMatch(/SCAN books\b/);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL answers through the GIN index', async () => {
    const c = bookSearchQuery(t.database.db, phraseQuery('星辰')!).compile();
    const plan = await t.database.db.transaction().execute(async (trx) => {
      // The fixture is tiny, so the planner would rightly prefer a scan; forbid it to see the index is usable.
      await sql`set local enable_seqscan = off`.execute(trx);
      return trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${c.sql}`, [...c.parameters]),
      );
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/books_search/);
  });
});
