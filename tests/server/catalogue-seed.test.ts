import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import {
  Api,
  BookList,
  Chapter,
  ChapterReadInfo,
  HomeIndex,
  IMAGE_URL_PATTERN,
  ShowcaseType,
  VodIndexData,
  apiPath,
  decryptImage,
  importImageKey,
} from '../../src/contract/index.js';
import type { Ctx } from '../../src/server/context.js';
import { DEMO_ART_VERSION } from '../../src/server/demo/recipes.js';
import { imageHash } from '../../src/server/media/images.js';
import { EAGER_VODS, demoStories, finishDemoVideos, seedIfEmpty } from '../../src/server/demo/seed.js';
import { anonHeaders, okData } from './helpers/catalogue.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { demoOf } from '../../src/server/composition-root.js';
import { DEMO_DRAW_AHEAD_JOB, DEMO_VIDEOS_JOB } from '../../src/server/demo/plugin.js';

describe('demo catalogue seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds a full catalogue once, with pictures and videos on disk', { timeout: 300_000 }, async () => {
    const ctx: Ctx = t.ctx;
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m) };
    const started = Date.now();
    // Through the plugin, as npm start does: the seed, then the rest asked of the jobs.
    expect(await demoOf(t.app)!.seed()).toBe(true);
    console.info(`seed took ${Date.now() - started} ms`);
    expect(await seedIfEmpty(ctx, log)).toBe(false);
    const queued = await t.database.db.selectFrom('job_queue').select('name').orderBy('name').execute();
    expect(queued.map((q) => q.name)).toEqual([DEMO_DRAW_AHEAD_JOB, DEMO_VIDEOS_JOB]);
    // Asked again on a restart (another node, say), nothing more is queued.
    await demoOf(t.app)!.seed();
    expect(await t.database.db.selectFrom('job_queue').select('name').execute()).toHaveLength(2);

    const db = t.database.db;
    const count = async (table: 'categories' | 'books' | 'vod_types' | 'vods' | 'hot_words') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('categories')).toBeGreaterThanOrEqual(8);
    expect(await count('books')).toBeGreaterThanOrEqual(64);
    expect(await count('vod_types')).toBe(10);
    // The first video of each type is made before the first start answers (the rest follow it).
    expect(await count('vods')).toBe(EAGER_VODS);
    const vodRows = await db.selectFrom('vods').select(['type_id', 'media_key', 'pic_hash']).execute();
    expect(new Set(vodRows.map((v) => v.type_id)).size).toBe(10);
    // Each video is its own media with its own poster.
    expect(new Set(vodRows.map((v) => v.media_key)).size).toBe(vodRows.length);
    expect(new Set(vodRows.map((v) => v.pic_hash)).size).toBe(vodRows.length);
    expect(await count('hot_words')).toBeGreaterThan(0);

    const books = await db.selectFrom('books').selectAll().execute();
    expect(new Set(books.map((b) => b.publish_status))).toEqual(new Set(['serialize', 'finish']));
    expect(books.every((b) => b.vip_free === 1)).toBe(true);
    expect(books.some((b) => b.three_d === 1)).toBe(true);
    expect(new Set(books.map((b) => b.title)).size).toBe(books.length);

    const perBook = await db
      .selectFrom('chapters')
      .select((eb) => [
        'book_id',
        eb.fn.countAll<number>().as('n'),
        eb.fn.min('pic_split_count').as('splitMin'),
        eb.fn.max('pic_split_count').as('splitMax'),
      ])
      .groupBy('book_id')
      .execute();
    expect(perBook).toHaveLength(books.length);
    for (const b of perBook) {
      expect(Number(b.n)).toBeGreaterThanOrEqual(20);
      expect(Number(b.n)).toBeLessThanOrEqual(30);
      expect(b.splitMin).toBe(b.splitMax);
    }
    expect(new Set(perBook.map((b) => b.splitMin))).toEqual(new Set([1, 2, 3]));
    for (const b of books) {
      expect(b.chapter_count).toBe(Number(perBook.find((p) => p.book_id === b.id)!.n));
    }

    const chapters = await db.selectFrom('chapters').select(['number', 'price']).execute();
    expect(chapters.filter((c) => c.number <= 2).every((c) => c.price === 0)).toBe(true);
    const paid = chapters.filter((c) => c.number > 2).map((c) => c.price);
    expect(Math.min(...paid)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...paid)).toBeLessThanOrEqual(30);

    const pageCounts = await db
      .selectFrom('chapter_pages')
      .select((eb) => ['chapter_id', eb.fn.countAll<number>().as('n')])
      .groupBy('chapter_id')
      .execute();
    expect(pageCounts).toHaveLength(chapters.length);
    expect(pageCounts.every((p) => Number(p.n) >= 6 && Number(p.n) <= 10)).toBe(true);
    // Every page of every chapter is its own drawing.
    const allPages = await db.selectFrom('chapter_pages').select('parts').execute();
    const distinctPages = await db.selectFrom('chapter_pages').select('parts').distinct().execute();
    expect(distinctPages.length).toBe(allPages.length);
    // A page's name cannot be worked out from the generator's public inputs (the stories, its version):
    // the image route serves any name it knows, so such a name would open a locked chapter unbought.
    const stored = JSON.stringify(allPages);
    for (const story of demoStories()) {
      for (const chapter of [1, 3]) {
        const source = imageHash(Buffer.from(JSON.stringify([DEMO_ART_VERSION, 'page', story, chapter, 1])));
        const strips = [2, 3, 4].flatMap((split) =>
          [0, 1].map((i) => imageHash(Buffer.from(`${source}/strip/${split}/${i}`))),
        );
        for (const name of [source, ...strips]) expect(stored).not.toContain(name);
      }
    }

    // No placeholder words where a user looks: titles, names and texts are Chinese.
    const latinWord = /[A-Za-z]{2,}/;
    const texts = [
      ...(await db.selectFrom('books').select(['title', 'author', 'abstract']).execute()).flatMap((b) => [
        b.title,
        b.author,
        b.abstract,
      ]),
      ...(await db.selectFrom('chapters').select('title').execute()).map((c) => c.title),
      ...(await db.selectFrom('vods').select(['name', 'content']).execute()).flatMap((v) => [
        v.name,
        v.content,
      ]),
      ...(await db.selectFrom('ads').select('title').execute()).map((a) => a.title),
      ...(await db.selectFrom('player_ads').select('title').execute()).map((a) => a.title),
      ...(await db.selectFrom('vod_markers').select(['title', 'describe']).execute()).flatMap((m) => [
        m.title,
        m.describe,
      ]),
      ...(await db.selectFrom('vod_danmu').select('text').execute()).map((d) => d.text),
      ...(await db.selectFrom('pay_configs').select(['title', 'config_desc']).execute()).flatMap((c) => [
        c.title,
        c.config_desc,
      ]),
      ...(await db.selectFrom('hot_words').select('word').execute()).map((w) => w.word),
      ...(await db.selectFrom('categories').select('name').execute()).map((c) => c.name),
    ];
    for (const text of texts) {
      // VIP is the product's own word (the spec's package names); nothing else in Latin letters.
      expect(text.replace(/VIP/g, ''), text).not.toMatch(latinWord);
      expect(text, text).not.toMatch(/演示|测试|demo|test|[<>]/i);
    }
    expect((await db.selectFrom('vod_danmu').select('id').where('mode', '=', 8).execute()).length).toBe(0);

    const ads = await db.selectFrom('ads').select(['jump_type', 'url', 'title']).execute();
    expect(new Set(ads.map((a) => a.jump_type))).toEqual(new Set([-1, 2, 3]));
    // Banners lead inside the app (a route of the app), never to a foreign placeholder site.
    for (const a of ads) {
      if (a.jump_type === -1 || a.jump_type === -2) expect(a.url, a.title).toMatch(/^\/[a-z]/);
      else expect(a.url, a.title).toBe('');
    }
    const curated = await db.selectFrom('showcase_items').select('type').distinct().execute();
    expect(curated.length).toBeGreaterThanOrEqual(4);
    const markers = await db.selectFrom('vod_markers').select('vod_id').distinct().execute();
    expect(markers.length).toBe(await count('vods'));
    // The price list is the service's own (services/pay/defaults.ts), not the demo's: the seed leaves it.
    expect(await db.selectFrom('pay_configs').select('id').execute()).toEqual([]);

    // Every showcase type answers books; the home page, a chapter and the video home come through HTTP.
    for (const type of ShowcaseType.options) {
      const list = okData(
        await t.app.inject({ method: 'GET', url: apiPath(Api.showcase, { type, page: 1 }) }),
        BookList,
      );
      expect(list.bookList.length, type).toBeGreaterThan(0);
      // The home sections' 换一批 has more than one page to cycle through.
      if (type !== 'three_d') expect(list.totalPage, type).toBeGreaterThanOrEqual(2);
    }
    const home = okData(await t.app.inject({ method: 'GET', url: Api.homeIndex }), HomeIndex);
    expect(home.adList.length).toBeGreaterThan(0);
    const book = home.recommendList[0]!;
    const read = okData(
      await t.app.inject({
        method: 'GET',
        url: `${Api.readChapter}?bookId=${book.bookId}&number=1`,
        headers: anonHeaders(),
      }),
      ChapterReadInfo,
    );
    expect(read.bookPics.length).toBeGreaterThanOrEqual(6);
    const urls = [
      book.cover,
      book.horiCover,
      home.adList[0]!.imgPath,
      ...read.bookPics.flatMap((g) => g.parts),
    ];
    for (const url of urls) {
      // Pages and wide covers are drawn on first request: the answer is the picture, then a file.
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const [, hash, size] = IMAGE_URL_PATTERN.exec(url)!;
      expect(existsSync(join(t.config.dataDir, 'media', 'img', `${hash}_${size}_0.img`)), url).toBe(true);
    }
    // Two chapters of a book are different pages; so are two pages of a chapter.
    const read2 = okData(
      await t.app.inject({
        method: 'GET',
        url: `${Api.readChapter}?bookId=${book.bookId}&number=2`,
        headers: anonHeaders(),
      }),
      ChapterReadInfo,
    );
    const firstParts = (r: typeof read) => r.bookPics.map((g) => g.parts.join());
    expect(firstParts(read)[0]).not.toBe(firstParts(read2)[0]);
    expect(new Set(firstParts(read)).size).toBe(read.bookPics.length);
    const bytes = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload.length;
    expect(await bytes(read2.bookPics[0]!.parts[0]!)).toBeGreaterThan(1000);

    // Each chapter shows its own first page's opening panel in the catalogue, not the wide cover.
    const list = okData(
      await t.app.inject({
        method: 'POST',
        url: `${Api.chapterList}?bookId=${book.bookId}`,
        headers: anonHeaders(),
      }),
      z.array(Chapter),
    );
    const covers = list.map((c) => c.cover);
    expect(new Set(covers).size).toBe(list.length);
    expect(covers).not.toContain(book.horiCover);
    const imageKey = await importImageKey(t.config.imageKey);
    const thumbs = [];
    for (const url of covers.slice(0, 2)) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const webp = Buffer.from(await decryptImage(imageKey, new Uint8Array(res.rawPayload)));
      const meta = await sharp(webp).metadata();
      expect(meta.format).toBe('webp');
      // 16:9, the box the catalogue reserves for it.
      expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 1);
      thumbs.push(webp.toString('base64'));
    }
    expect(thumbs[0]).not.toBe(thumbs[1]);

    const shelves = okData(await t.app.inject({ method: 'GET', url: Api.vodIndex }), VodIndexData);
    expect(shelves).toHaveLength(10);
    const vod = await db.selectFrom('vods').select('media_key').executeTakeFirstOrThrow();
    expect(existsSync(join(t.config.dataDir, 'media', 'vod', vod.media_key))).toBe(true);
    expect(z.string().parse(home.hotList[0]!.title)).not.toBe('');
  });

  it('makes no later demo videos where no demo catalogue was seeded', async () => {
    const other = await createTestApp();
    try {
      expect(await finishDemoVideos(other.ctx, { info: () => undefined })).toBe(0);
      expect(await other.database.db.selectFrom('vods').select('id').execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
