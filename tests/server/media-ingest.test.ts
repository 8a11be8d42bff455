import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOD_TRIAL_SECONDS, imageUrl } from '../../src/contract/index.js';
import type { Ctx } from '../../src/server/context.js';
import { demoBook, renderDemoCover, renderDemoPage } from '../../src/server/demo/art.js';
import { parseProbe, runFfmpeg } from '../../src/server/media/ffmpeg.js';
import { pickLadder } from '../../src/server/media/hls.js';
import { parseMediaPlaylist, totalDuration } from '../../src/server/media/playlists.js';
import { chapterTitle, ingestComicFolder } from '../../src/server/media/ingest-comic.js';
import { ingestVideoFile, insertVod } from '../../src/server/media/ingest-video.js';
import { trialPlayUrl } from '../../src/server/services/catalogue/trial.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let ctx: Ctx;

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.ctx;
});
afterAll(() => t?.close());

async function writeChapter(folder: string, name: string, chapter: number, pages: number) {
  mkdirSync(join(folder, name), { recursive: true });
  for (let p = 1; p <= pages; p++) {
    const png = await renderDemoPage({ book: demoBook('导入测试', 21), chapter, page: p });
    writeFileSync(join(folder, name, `p${String(p).padStart(2, '0')}.png`), png);
  }
}

describe('comic folder ingest', () => {
  it('creates the book, chapters in name order, split pages and covers; a re-run adds new chapters', async () => {
    const folder = join(t.config.dataDir, 'src-comic');
    await writeChapter(folder, '2 重逢', 2, 2);
    await writeChapter(folder, '1 开端', 1, 3);
    await writeChapter(folder, '10 终章', 3, 1);
    writeFileSync(
      join(folder, 'cover.png'),
      await renderDemoCover({ book: demoBook('Ingest', 21), author: '' }),
    );
    writeFileSync(
      join(folder, 'book.json'),
      JSON.stringify({ title: '导入测试', author: '某人', category: '新分类', price: 25, splitCount: 2 }),
    );
    const r = await ingestComicFolder(ctx, folder);
    expect(r).toMatchObject({ created: true, chaptersAdded: 3, pagesAdded: 6 });

    const book = await ctx.db
      .selectFrom('books')
      .selectAll()
      .where('id', '=', r.bookId)
      .executeTakeFirstOrThrow();
    expect(book).toMatchObject({ title: '导入测试', author: '某人', chapter_count: 3 });
    const cat = await ctx.db
      .selectFrom('categories')
      .selectAll()
      .where('id', '=', book.category_id)
      .executeTakeFirstOrThrow();
    expect(cat.name).toBe('新分类');
    for (const h of [book.cover_hash, book.hori_cover_hash]) {
      expect((await t.app.inject({ url: imageUrl(h, 180) })).statusCode).toBe(200);
    }
    const chapters = await ctx.db
      .selectFrom('chapters')
      .selectAll()
      .where('book_id', '=', r.bookId)
      .orderBy('number')
      .execute();
    expect(chapters.map((c) => [c.number, c.title, c.price, c.pic_split_count])).toEqual([
      [1, '开端', 0, 2],
      [2, '重逢', 0, 2],
      [3, '终章', 25, 2],
    ]);
    const pages = await ctx.db
      .selectFrom('chapter_pages')
      .selectAll()
      .where('chapter_id', '=', chapters[0]!.id)
      .orderBy('idx')
      .execute();
    expect(pages).toHaveLength(3);
    for (const p of pages) {
      expect(p.width).toBe(500);
      expect(p.height).toBe(750);
      const parts = JSON.parse(p.parts) as string[];
      expect(parts).toHaveLength(2);
      expect((await t.app.inject({ url: imageUrl(parts[1]!, 500) })).statusCode).toBe(200);
    }

    await writeChapter(folder, '11 番外', 4, 1);
    const again = await ingestComicFolder(ctx, folder);
    expect(again).toMatchObject({ bookId: r.bookId, created: false, chaptersAdded: 1, pagesAdded: 1 });
    const count = await ctx.db
      .selectFrom('books')
      .select('chapter_count')
      .where('id', '=', r.bookId)
      .executeTakeFirstOrThrow();
    expect(count.chapter_count).toBe(4);
  });

  it('explains a bad book.json or an empty chapter', async () => {
    const folder = join(t.config.dataDir, 'bad-comic');
    await writeChapter(folder, '1', 1, 1);
    writeFileSync(join(folder, 'book.json'), JSON.stringify({ price: -3 }));
    await expect(ingestComicFolder(ctx, folder)).rejects.toThrow(/book\.json: price/);
    writeFileSync(join(folder, 'book.json'), '{ nope');
    await expect(ingestComicFolder(ctx, folder)).rejects.toThrow(/book\.json/);
    writeFileSync(join(folder, 'book.json'), '{}');
    mkdirSync(join(folder, '2 empty'));
    await expect(ingestComicFolder(ctx, folder)).rejects.toThrow(/no pictures/);
  });

  it('names chapters from their folders', () => {
    expect(chapterTitle('03 - 初遇', 3)).toBe('初遇');
    expect(chapterTitle('007', 7)).toBe('第7话');
  });
});

describe('video file ingest', () => {
  it('makes no subtitle tracks when no .vtt sits next to the video, and adds the vods row', async () => {
    const src = join(t.config.dataDir, 'plain.mp4');
    await runFfmpeg([
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'smptebars=size=160x90:rate=25:duration=8'],
      ...[
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=300:duration=8',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        src,
      ],
    ]);
    const media = await ingestVideoFile(ctx, src);
    expect(media.subtitles).toHaveLength(0);
    expect(media.audio).toHaveLength(1);
    const master = await t.app.inject({
      url: trialPlayUrl(media.mediaKey, VOD_TRIAL_SECONDS),
    });
    expect(master.statusCode).toBe(200);
    expect(master.body).not.toContain('SUBTITLES');
    expect(master.body.match(/TYPE=AUDIO/g)).toHaveLength(1);
    // Shorter than the trial: the trial holds all of it.
    const first = master.body.split('\n').find((l) => l.endsWith('index.m3u8'))!;
    const trialList = await t.app.inject({
      url: trialPlayUrl(media.mediaKey, VOD_TRIAL_SECONDS).replace('master.m3u8', first),
    });
    expect(totalDuration(parseMediaPlaylist(trialList.body))).toBeCloseTo(media.duration, 1);

    await ctx.db.insertInto('vod_types').values({ id: 77, name: '测试', sort: 77 }).execute();
    const id = await insertVod(ctx, media, { typeId: 77, price: 30, name: 'Plain' });
    const row = await ctx.db.selectFrom('vods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      media_key: media.mediaKey,
      price: 30,
      pic_hash: media.posterHash,
      can_try: 1,
      trial_seconds: null,
    });
    // A video of its own trial length keeps it in its row.
    const own = await insertVod(ctx, media, { typeId: 77, price: 30, name: 'Own', trialSeconds: 5 });
    const ownRow = await ctx.db
      .selectFrom('vods')
      .selectAll()
      .where('id', '=', own)
      .executeTakeFirstOrThrow();
    expect(ownRow.trial_seconds).toBe(5);
    await expect(insertVod(ctx, media, { typeId: 78, price: 0, name: 'x' })).rejects.toThrow(
      /unknown video type 78/,
    );
    // Same file again: same key, nothing re-encoded.
    expect((await ingestVideoFile(ctx, src)).mediaKey).toBe(media.mediaKey);
  });

  it('reads size, rotation and tracks from ffmpeg output', () => {
    const p = parseProbe(`  Duration: 00:01:04.50, start: 0.000000, bitrate: 900 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080, 800 kb/s, 30 fps
    Metadata:
      rotate          : 90
    Stream #0:1(chi): Audio: aac (LC), 44100 Hz, stereo, fltp, 128 kb/s
    Stream #0:2(eng): Audio: aac (LC), 44100 Hz, stereo, fltp, 128 kb/s`);
    expect(p).toMatchObject({ duration: 64.5, width: 1080, height: 1920, video: { index: 0 } });
    expect(p.audio).toEqual([
      { index: 1, language: 'chi' },
      { index: 2, language: 'eng' },
    ]);
    // Portrait: the ladder follows the short side.
    expect(pickLadder(1080, 1920)).toEqual([
      { width: 240, height: 426 },
      { width: 360, height: 640 },
      { width: 720, height: 1280 },
    ]);
    expect(pickLadder(160, 90).length).toBe(2);
  });
});
