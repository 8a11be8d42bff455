import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Api,
  BookDetail,
  BookList,
  CategoryData,
  Chapter,
  ChapterReadInfo,
  HomeIndex,
  HotWords,
  Vod,
  VodInfo,
  apiPath,
} from '../../src/contract/index.js';
import { buildContext as makeCtx } from '../../src/server/composition-root.js';
import { openDatabase } from '../../src/server/db/database.js';
import { DbCatalogueStore } from '../../src/server/infra/catalogue/db-catalogue-store.js';
import type { DemoRecipes } from '../../src/server/demo/recipes.js';
import { assertVodType } from '../../src/server/media/ingest-video.js';
import type { CatalogueStore } from '../../src/server/ports/catalogue-store.js';
import { createRng } from '../../src/server/demo/rng.js';
import { makeCast } from '../../src/server/demo/story.js';
import { insertCatalogue, type SeedArtSet } from '../../src/server/demo/catalogue.js';
import { CATEGORY_NAMES, VOD_TYPE_NAMES, bookNames, vodNames } from '../../src/server/demo/names.js';
import {
  AD_PLANS,
  BOOKS_PER_CATEGORY,
  VODS_PER_TYPE,
  planBooks,
  planVods,
} from '../../src/server/demo/plan.js';
import { FAST_HASHING, authHeaders, registerUser } from './helpers/accounts.js';
import { anonHeaders, okData, postWatch } from './helpers/catalogue.js';
import { fakeHash } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const CATALOGUE_TABLES = [
  'categories',
  'books',
  'chapters',
  'chapter_pages',
  'showcase_items',
  'ads',
  'player_ads',
  'hot_words',
  'vod_types',
  'vods',
  'vod_markers',
  'vod_danmu',
] as const;

async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of CATALOGUE_TABLES) {
    const row = await t.database.db
      .selectFrom(table)
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

const page = (label: string, parts: number, height = 1200) => ({
  width: 800,
  height,
  parts: Array.from({ length: parts }, (_, i) => fakeHash(`${label}-${i}`)),
});

describe('catalogue store: an operator-style write shows in the app', () => {
  let t: TestApp;
  let store: CatalogueStore;

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    store = new DbCatalogueStore(t.database.db, t.database.dialect);
  });
  afterAll(() => t?.close());

  it('writes a book, chapters, pages, a video, a showcase and adverts that the API answers', async () => {
    expect(await store.hasBooks()).toBe(false);
    const categoryId = await store.createCategory({ name: '冒险', sort: 0 });
    expect(await store.updateCategory(categoryId, { name: '奇幻冒险' })).toBe(true);
    const bookId = await store.createBook({
      title: '星港',
      author: '某甲',
      summary: '一座漂在海上的港口。',
      coverHash: fakeHash('cover'),
      horiCoverHash: fakeHash('hori'),
      categoryId,
      publishStatus: 'serialize',
      vipFree: false,
      recommend: 8.5,
    });
    const chapterIds = await store.addChapters(bookId, [
      {
        number: 1,
        title: '第1话 启航',
        coverHash: fakeHash('ch1'),
        price: 0,
        splitCount: 2,
        pages: [page('old-1', 2), page('old-2', 2), page('old-3', 2)],
      },
      {
        number: 2,
        title: '第2话 风暴',
        coverHash: fakeHash('ch2'),
        price: 7,
        splitCount: 2,
        pages: [page('p2-1', 2), page('p2-2', 2)],
      },
    ]);
    expect(chapterIds).toHaveLength(2);
    // An operator replaces chapter 1's pictures, reprices chapter 2 and retitles the book.
    await store.setPages(chapterIds[0]!, [page('new-1', 2, 1500), page('new-2', 2, 900)]);
    expect(await store.updateChapter(chapterIds[1]!, { price: 9, title: '第2话 风暴将至' })).toBe(true);
    expect(await store.updateBook(bookId, { title: '新星港', vipFree: true })).toBe(true);
    expect(await store.findBook('新星港', '某甲')).toEqual({ id: bookId, lastChapterNumber: 2 });
    expect(await store.findBook('星港', '某甲')).toBeNull();
    await store.setShowcase('e_recommend', [bookId]);
    await store.setHotWords(['新星港', '某甲']);

    const home = await store.createAd({
      slot: 'home',
      jumpType: -1,
      bizId: 0,
      url: '/purchase',
      imageHash: fakeHash('ad-home'),
      title: '旧标题',
      sort: 0,
    });
    const gone = await store.createAd({
      slot: 'home',
      jumpType: 3,
      bizId: 0,
      url: '',
      imageHash: fakeHash('ad-gone'),
      title: '下线',
      sort: 1,
    });
    expect(await store.updateAd(home, { title: '开通会员', jumpType: 2, bizId: bookId, url: '' })).toBe(true);
    expect(await store.deleteAd(gone)).toBe(true);

    const typeId = await store.createVodType({ name: '短片', sort: 0 });
    expect(await store.listVodTypes()).toEqual([{ id: typeId, name: '短片', sort: 0 }]);
    const vodId = await store.createVod({
      typeId,
      name: '旧片名',
      summary: '海上的一天。',
      posterHash: fakeHash('poster'),
      price: 20,
      duration: 60,
      mediaKey: 'store-test-clip',
      canTry: true,
      trialSeconds: 12,
    });
    expect(await store.updateVod(vodId, { name: '海港一日', price: 25 })).toBe(true);
    expect(await store.findVodByMediaKey('store-test-clip')).toBe(vodId);
    await store.setMarkers(vodId, [
      { offset: 30, coverHash: fakeHash('m2'), title: '风起', describe: '浪头打来' },
      { offset: 5, coverHash: fakeHash('m1'), title: '清晨', describe: '船出港' },
    ]);
    await store.addDanmu(vodId, [
      { mode: 1, stime: 1_000, text: '来了', size: 25, color: 0xffffff, createdAt: new Date().toISOString() },
      {
        mode: 7,
        stime: 2_000,
        text: '好看',
        size: 30,
        color: 0xffd36b,
        createdAt: new Date().toISOString(),
        border: true,
        dur: 3_000,
        position: { x: 0.1, y: 0.2, rotateY: 0, rotateZ: 5 },
        motion: { x: 0.2, y: 0.3, opacity: 0.5 },
      },
    ]);
    const start = await store.createPlayerAd({
      kind: 'start',
      imageHash: fakeHash('start'),
      url: '/purchase',
      duration: 3,
      title: '开通VIP',
      sort: 0,
    });
    const other = await store.createPlayerAd({
      kind: 'start',
      imageHash: fakeHash('start-2'),
      url: '/other',
      duration: 9,
      title: '另一个',
      sort: 1,
    });
    expect(await store.updatePlayerAd(start, { duration: 4 })).toBe(true);
    expect(await store.deletePlayerAd(other)).toBe(true);

    // Nothing changes, and nothing answers true, for a row that is not there.
    expect(await store.updateBook(987_654, { title: 'x' })).toBe(false);
    expect(await store.updateChapter(987_654, { price: 1 })).toBe(false);
    expect(await store.updateChapter(chapterIds[0]!, {})).toBe(true);
    expect(await store.updateVod(987_654, { price: 1 })).toBe(false);
    expect(await store.deleteAd(gone)).toBe(false);
    expect(await store.deletePlayerAd(987_654)).toBe(false);

    // Read back through the app, as a reader sees it.
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { ...anonHeaders(), ...headers } });
    const detail = okData(await get(apiPath(Api.detail, { id: bookId })), BookDetail);
    expect(detail.book).toMatchObject({
      bookId,
      title: '新星港',
      author: '某甲',
      abstractContent: '一座漂在海上的港口。',
      categoryId,
      categoryName: '奇幻冒险',
      chapterCount: 2,
      vipFree: true,
      publishStatus: 'serialize',
      recommend: 8.5,
    });
    expect(detail.book.cover).toContain(fakeHash('cover'));
    expect(detail.chapterList.map((c) => [c.number, c.title, c.price])).toEqual([
      [1, '第1话 启航', 0],
      [2, '第2话 风暴将至', 9],
    ]);
    const chapters = okData(
      await t.app.inject({
        method: 'POST',
        url: `${Api.chapterList}?bookId=${bookId}`,
        headers: anonHeaders(),
      }),
      z.array(Chapter),
    );
    expect(chapters.map((c) => c.chapterId)).toEqual(chapterIds);
    const read = okData(await get(`${Api.readChapter}?bookId=${bookId}&number=1`), ChapterReadInfo);
    expect(read.picSplitCount).toBe(2);
    expect(read.bookPics.map((p) => [p.width, p.height])).toEqual([
      [800, 1500],
      [800, 900],
    ]);
    expect(read.bookPics[1]!.parts[1]).toContain(fakeHash('new-2-1'));

    const homeIndex = okData(await get(Api.homeIndex), HomeIndex);
    expect(homeIndex.adList).toEqual([
      expect.objectContaining({ jumpType: 2, bizId: bookId, url: '', title: '开通会员' }),
    ]);
    expect(homeIndex.recommendList.map((b) => b.bookId)).toEqual([bookId]);
    const showcase = okData(await get(apiPath(Api.showcase, { type: 'e_recommend', page: 1 })), BookList);
    expect(showcase.bookList.map((b) => b.title)).toEqual(['新星港']);
    expect(okData(await get(Api.initSearch), HotWords)).toEqual({ hotWords: ['新星港', '某甲'] });
    const categories = okData(await get(Api.category), CategoryData);
    expect(categories.categoryList.map((c) => c.name)).toContain('奇幻冒险');
    // The search text follows the new title.
    const found = okData(
      await t.app.inject({
        method: 'POST',
        url: `${Api.search}?content=${encodeURIComponent('新星')}`,
        headers: anonHeaders(),
      }),
      z.array(z.object({ bookId: z.number() }).loose()),
    );
    expect(found.map((b) => b.bookId)).toEqual([bookId]);

    const info = okData(await get(apiPath(Api.vodInfo, { vodId })), VodInfo);
    expect(info).toMatchObject({ vodId, vodName: '海港一日', vodPointsPlay: 25, typeId, vodDuration: 60 });
    const user = await registerUser(t.app);
    const watched = okData(await postWatch(t.app, vodId, authHeaders(user)), Vod);
    expect(watched.trialSeconds).toBe(12);
    expect(watched.markers.map((m) => [m.offset, m.title])).toEqual([
      [5, '清晨'],
      [30, '风起'],
    ]);
    expect(watched.danmuList.map((d) => [d.mode, d.text, d.border, d.shadow])).toEqual([
      [1, '来了', false, true],
      [7, '好看', true, true],
    ]);
    expect(watched.danmuList[1]!.position).toEqual({ x: 0.1, y: 0.2, rotateY: 0, rotateZ: 5 });
    expect(watched.playerAds.startAdvert).toMatchObject({ adUrl: '/purchase', adDuration: 4 });
    expect(watched.playerAds.startAdvert!.coverUrl).toContain(fakeHash('start'));
  });

  it('makes a book with its chapters, adds chapters to it, and keeps its chapter count', async () => {
    const [category] = await store.listCategories();
    const chapter = (number: number) => ({
      number,
      title: `第${number}话`,
      coverHash: fakeHash(`c2-${number}`),
      price: 0,
      splitCount: 1,
      pages: [page(`c2-${number}`, 1)],
    });
    const bookId = await store.createBook({
      title: '续作',
      author: '某乙',
      summary: '',
      coverHash: fakeHash('c2'),
      horiCoverHash: fakeHash('h2'),
      categoryId: category!.id,
      publishStatus: 'finish',
      vipFree: false,
      chapters: [chapter(1)],
    });
    const first = okData(
      await t.app.inject({
        method: 'GET',
        url: `${Api.readChapter}?bookId=${bookId}&number=1`,
        headers: anonHeaders(),
      }),
      ChapterReadInfo,
    );
    expect(first).toMatchObject({ totalNumber: 1, picSplitCount: 1 });
    expect(first.bookPics[0]!.parts[0]).toContain(fakeHash('c2-1-0'));
    // More than one batch of rows at once.
    const ids = await store.addChapters(
      bookId,
      Array.from({ length: 450 }, (_, i) => chapter(i + 2)),
    );
    expect(new Set(ids).size).toBe(450);
    expect(await store.findBook('续作', '某乙')).toEqual({ id: bookId, lastChapterNumber: 451 });
    const book = await t.database.db
      .selectFrom('books')
      .select('chapter_count')
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow();
    expect(book.chapter_count).toBe(451);
    const numbers = await t.database.db
      .selectFrom('chapters')
      .select(['id', 'number'])
      .where('book_id', '=', bookId)
      .where('number', '>', 1)
      .orderBy('number')
      .execute();
    expect(numbers.map((c) => c.id)).toEqual(ids);
  });
});

describe('catalogue store: the context', () => {
  it('builds one on the database, or takes the one passed in', async () => {
    const t = await createTestApp();
    try {
      const built = await makeCtx(t.config, t.database);
      await built.catalogue.createVodType({ id: 5, name: '五', sort: 0 });
      await expect(assertVodType(built, 5)).resolves.toBeUndefined();
      // A store passed in is the one the ingest asks, not the database.
      const stub = { listVodTypes: () => Promise.resolve([{ id: 6, name: '六', sort: 0 }]) };
      const ctx = await makeCtx(t.config, t.database, { catalogue: stub as unknown as CatalogueStore });
      expect(ctx.catalogue).toBe(stub);
      await expect(assertVodType(ctx, 5)).rejects.toThrow('unknown video type 5; types: 6 六');
    } finally {
      await t.close();
    }
  });
});

describe('catalogue store: all or nothing', () => {
  let t: TestApp;
  let store: CatalogueStore;
  beforeAll(async () => {
    t = await createTestApp();
    store = new DbCatalogueStore(t.database.db, t.database.dialect);
  });
  afterAll(() => t?.close());

  it('a transaction that throws leaves no row of any of its writes', async () => {
    const before = await rowCounts(t);
    await expect(
      store.transaction(async (tx) => {
        const categoryId = await tx.createCategory({ name: '回滚', sort: 0 });
        const bookId = await tx.createBook({
          title: '不会留下',
          author: '无名',
          summary: '',
          coverHash: fakeHash('rb'),
          horiCoverHash: fakeHash('rbh'),
          categoryId,
          publishStatus: 'serialize',
          vipFree: true,
        });
        await tx.addChapters(bookId, [
          {
            number: 1,
            title: '一',
            coverHash: fakeHash('rb1'),
            price: 0,
            splitCount: 1,
            pages: [page('rb', 1)],
          },
        ]);
        await tx.setShowcase('kkbg', [bookId]);
        await tx.setHotWords(['不会留下']);
        await tx.createAd({
          slot: 'list',
          jumpType: 2,
          bizId: bookId,
          url: '',
          imageHash: fakeHash('rba'),
          title: '广告',
          sort: 0,
        });
        const typeId = await tx.createVodType({ name: '回滚', sort: 0 });
        const vodId = await tx.createVod({
          typeId,
          name: '不会留下',
          summary: '',
          posterHash: fakeHash('rbp'),
          price: 0,
          duration: 10,
          mediaKey: 'rollback',
          canTry: true,
        });
        await tx.setMarkers(vodId, [{ offset: 1, coverHash: fakeHash('rbm'), title: '一', describe: '' }]);
        await tx.addDanmu(vodId, [
          { mode: 1, stime: 0, text: '一', size: 25, color: 0xffffff, createdAt: new Date().toISOString() },
        ]);
        await tx.createPlayerAd({
          kind: 'video',
          mediaKey: 'ad-rb',
          url: 'https://example.com/',
          duration: 5,
          title: '广告',
          sort: 0,
        });
        // Inside a transaction, another transaction joins it (and its lock is taken in it).
        await tx.transaction((inner) => inner.setHotWords(['内层']), { lockKey: 1 });
        expect(await tx.hasBooks()).toBe(true);
        throw new Error('operator cancelled');
      }),
    ).rejects.toThrow('operator cancelled');
    expect(await rowCounts(t)).toEqual(before);
    expect(await store.hasBooks()).toBe(false);
    const home = okData(await t.app.inject({ method: 'GET', url: Api.homeIndex }), HomeIndex);
    expect(home.recommendList).toEqual([]);
  });

  it('a write of many statements that fails midway leaves none of them', async () => {
    const categoryId = await store.createCategory({ name: '分批', sort: 0 });
    const bookId = await store.createBook({
      title: '分批',
      author: '某丙',
      summary: '',
      coverHash: fakeHash('b'),
      horiCoverHash: fakeHash('bh'),
      categoryId,
      publishStatus: 'serialize',
      vipFree: true,
    });
    const before = await rowCounts(t);
    // The first batch of chapters goes in, the second repeats a number: the whole call fails.
    const chapters = [...Array.from({ length: 420 }, (_, i) => i + 1), 3].map((number) => ({
      number,
      title: `第${number}话`,
      coverHash: fakeHash(`b-${number}`),
      price: 0,
      splitCount: 1,
      pages: [page(`b-${number}`, 1)],
    }));
    await expect(store.addChapters(bookId, chapters)).rejects.toThrow();
    expect(await rowCounts(t)).toEqual(before);
    // A new book whose chapters fail is not left behind without them.
    await expect(
      store.createBook({
        title: '半成品',
        author: '某丁',
        summary: '',
        coverHash: fakeHash('d'),
        horiCoverHash: fakeHash('dh'),
        categoryId,
        publishStatus: 'serialize',
        vipFree: true,
        chapters: [chapters[0]!, chapters[0]!],
      }),
    ).rejects.toThrow();
    expect(await rowCounts(t)).toEqual(before);
  });
});

/** Demo art without pictures: names only, as the seed would have drawn them. */
function fakeSeedArt() {
  const rng = createRng(20_260_101);
  const books = planBooks(rng, bookNames(rng, CATEGORY_NAMES.length * BOOKS_PER_CATEGORY));
  const vods = planVods(rng, vodNames(rng, VOD_TYPE_NAMES.length * VODS_PER_TYPE)).slice(0, 3);
  const stories = books.map((b) => ({
    title: b.title,
    genre: b.categoryIndex,
    seed: b.seed,
    cast: makeCast(b.seed),
  }));
  const recipes = {
    page: (book: number, chapter: number, n: number, split: number) => ({
      width: 500,
      height: 750,
      parts: Array.from({ length: split }, (_, i) => fakeHash(`${book}/${chapter}/${n}/${i}`)),
    }),
    hori: (book: number) => fakeHash(`hori/${book}`),
    thumb: (book: number, chapter: number) => fakeHash(`thumb/${book}/${chapter}`),
  } as unknown as DemoRecipes;
  const art: SeedArtSet = {
    stories,
    covers: books.map((_, i) => fakeHash(`cover/${i}`)),
    recipes,
    ads: AD_PLANS.map((_, i) => fakeHash(`ad/${i}`)),
    videos: vods.map((_, i) => ({
      mediaKey: `seed-race-${i}`,
      duration: 30,
      posterHash: fakeHash(`poster/${i}`),
      markers: [{ offset: 0, coverHash: fakeHash(`marker/${i}`), title: '开场', describe: '' }],
    })),
  };
  return { rng, books, vods, art };
}

describe('catalogue store: seeding at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('two nodes seeding an empty catalogue at once seed it once', { timeout: 60_000 }, async () => {
    // PostgreSQL: a second pool on the same schema is a second node. SQLite: one process holds the
    // file, so the second seed is a second caller on the same database.
    const second =
      t.database.dialect === 'postgres'
        ? openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir })
        : t.database;
    try {
      const nodes = [t.database, second].map((d) => new DbCatalogueStore(d.db, d.dialect));
      const results = await Promise.all(
        nodes.map((store) => {
          const { rng, books, vods, art } = fakeSeedArt();
          return insertCatalogue(store, rng, books, vods, art);
        }),
      );
      const seeded = results.filter((r) => r !== null);
      expect(seeded).toHaveLength(1);
      expect(seeded[0]).toMatchObject({ categories: CATEGORY_NAMES.length, vods: 3 });
      const counts = await rowCounts(t);
      expect(counts.books).toBe(seeded[0]!.books);
      expect(counts.categories).toBe(CATEGORY_NAMES.length);
      expect(counts.chapter_pages).toBe(seeded[0]!.pages);
    } finally {
      if (second !== t.database) await second.destroy();
    }
  });
});
