import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/portable.js';
import type { DB } from '../db/schema.js';
import type { DemoVideo } from '../media/demo-clips.js';
import type { DemoRecipes } from '../media/demo-pages.js';
import { searchText } from '../db/search-text.js';
import { CATEGORY_NAMES, VOD_TYPE_NAMES } from './names.js';
import { demoDanmuRows } from './danmu.js';
import { AD_PLANS, HOT_WORD_COUNT, type BookPlan, type VodPlan } from './plan.js';
import type { Rng } from '../demo/rng.js';
import { chapterTitle, type BookStory } from '../demo/story.js';

/** Demo catalogue rows, inserted in batched statements in one transaction. */

const BATCH = 400;
/** Advisory lock id of the demo seed (any constant shared by all nodes). */
export const SEED_LOCK_KEY = 7_201_911;

async function insertBatched<T extends keyof DB & string>(
  trx: Transaction<DB>,
  table: T,
  rows: Record<string, unknown>[],
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    // The callers build rows of the table's shape; Kysely cannot check a table chosen at runtime.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

const hoursAgo = (now: number, h: number) => new Date(now - h * 3_600_000).toISOString();

export interface SeedArtSet {
  stories: BookStory[];
  covers: string[];
  /** Names of the pictures drawn on first request (pages, wide covers, chapter thumbnails). */
  recipes: DemoRecipes;
  ads: string[];
  /** The videos made before the first start answers, one per entry of `vods`. */
  videos: DemoVideo[];
}

export interface SeedCounts {
  categories: number;
  books: number;
  chapters: number;
  pages: number;
  vods: number;
}

/**
 * Inserts the whole demo catalogue in one transaction, or nothing (null) when books appeared in the
 * meantime: on PostgreSQL several nodes may start at once, so they queue on an advisory lock.
 */
export async function insertCatalogue(
  db: Kysely<DB>,
  dialect: Dialect,
  rng: Rng,
  books: BookPlan[],
  vods: VodPlan[],
  art: SeedArtSet,
  now = Date.now(),
): Promise<SeedCounts | null> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    if (await trx.selectFrom('books').select('id').limit(1).executeTakeFirst()) return null;
    const categoryIds: number[] = [];
    for (const [i, name] of CATEGORY_NAMES.entries()) {
      const row = await trx
        .insertInto('categories')
        .values({ name, sort: i })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.push(row.id);
    }

    const bookIds: number[] = [];
    for (const [i, b] of books.entries()) {
      const row = await trx
        .insertInto('books')
        .values({
          title: b.title,
          author: b.author,
          cover_hash: art.covers[i]!,
          hori_cover_hash: art.recipes.hori(i),
          publish_status: b.publish,
          recommend: b.recommend,
          read_count: b.readCount,
          week_read_count: b.weekReadCount,
          abstract: b.abstract,
          category_id: categoryIds[b.categoryIndex]!,
          chapter_count: b.chapters,
          vip_free: b.vipFree ? 1 : 0,
          three_d: b.threeD ? 1 : 0,
          search_text: searchText(b.title, b.author),
          created_at: hoursAgo(now, b.createdDaysAgo * 24),
          updated_at: hoursAgo(now, b.updatedHoursAgo),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      bookIds.push(row.id);
    }

    // Chapters: one batch per book, then their ids by number for the pages.
    const pageRows: Record<string, unknown>[] = [];
    let chapterCount = 0;
    for (const [i, b] of books.entries()) {
      const bookId = bookIds[i]!;
      const chapters = Array.from({ length: b.chapters }, (_, k) => {
        const number = k + 1;
        return {
          book_id: bookId,
          number,
          title: `第${number}话 ${chapterTitle(art.stories[i]!, number)}`,
          // Its own first page's opening panel, not the book's wide cover repeated.
          cover_hash: art.recipes.thumb(i, number),
          // The first two chapters are free; later ones cost the book's price, a little more later on.
          price: number <= 2 ? 0 : Math.min(30, b.basePrice + Math.floor((number - 3) / 10) * 2),
          pic_split_count: b.split,
          content: '',
          updated_at: hoursAgo(now, b.updatedHoursAgo + (b.chapters - number) * 24 * 3),
        };
      });
      await insertBatched(trx, 'chapters', chapters);
      chapterCount += chapters.length;
      const ids = await trx
        .selectFrom('chapters')
        .select(['id', 'number'])
        .where('book_id', '=', bookId)
        .execute();
      for (const ch of ids) {
        const n = rng.int(6, 10);
        for (let idx = 0; idx < n; idx++) {
          // Every page of every chapter is its own drawing (drawn on first request).
          const p = art.recipes.page(i, ch.number, idx + 1, b.split);
          pageRows.push({
            chapter_id: ch.id,
            idx,
            width: p.width,
            height: p.height,
            parts: JSON.stringify(p.parts),
          });
        }
      }
    }
    await insertBatched(trx, 'chapter_pages', pageRows);

    // Curated showcase types; 'new' and 'hot' follow live data (see services/catalogue/lists.ts).
    const order = (key: (b: BookPlan) => number) =>
      books
        .map((b, i) => ({ b, id: bookIds[i]! }))
        .sort((x, y) => key(y.b) - key(x.b))
        .map((x) => x.id);
    // Up to 3 pages of 10 each, so the home sections' 换一批 has pages to cycle through.
    const showcase = [
      ...order((b) => b.recommend)
        .slice(0, 30)
        .map((id, sort) => ({ type: 'e_recommend', book_id: id, sort })),
      ...order((b) => (b.publish === 'finish' ? b.readCount : -1))
        .slice(0, Math.min(30, books.filter((b) => b.publish === 'finish').length))
        .map((id, sort) => ({ type: 'kkbg', book_id: id, sort })),
      ...order((b) => (b.publish === 'serialize' ? -b.createdDaysAgo : -1e9))
        .slice(0, Math.min(30, books.filter((b) => b.publish === 'serialize').length))
        .map((id, sort) => ({ type: 'new_on', book_id: id, sort })),
      ...order((b) => (b.threeD ? b.recommend : -1))
        .slice(0, books.filter((b) => b.threeD).length)
        .map((id, sort) => ({ type: 'three_d', book_id: id, sort })),
    ];
    await insertBatched(trx, 'showcase_items', showcase);

    await insertBatched(
      trx,
      'ads',
      AD_PLANS.map((a, i) => ({
        position: a.position,
        jump_type: a.jumpType,
        biz_id: a.bookIndex === undefined ? 0 : bookIds[a.bookIndex]!,
        url: a.url,
        img_hash: art.ads[i]!,
        title: a.title,
        sort: i,
      })),
    );

    const hot = order((b) => b.weekReadCount)
      .slice(0, HOT_WORD_COUNT)
      .map((id) => books[bookIds.indexOf(id)]!.title);
    await insertBatched(
      trx,
      'hot_words',
      hot.map((word, sort) => ({ word, sort })),
    );

    await insertBatched(
      trx,
      'vod_types',
      VOD_TYPE_NAMES.map((name, i) => ({ id: i + 1, name, sort: i })),
    );
    for (const [i, v] of vods.entries()) await insertDemoVod(trx, v, art.videos[i]!, now);

    return {
      categories: categoryIds.length,
      books: bookIds.length,
      chapters: chapterCount,
      pages: pageRows.length,
      vods: vods.length,
    };
  });
}

/** One demo video with its markers and viewers' comments. */
export async function insertDemoVod(trx: Transaction<DB>, v: VodPlan, clip: DemoVideo, now = Date.now()) {
  const createdAt = hoursAgo(now, v.createdHoursAgo);
  const row = await trx
    .insertInto('vods')
    .values({
      type_id: v.typeId,
      name: v.name,
      // The poster is a frame of the video itself.
      pic_hash: clip.posterHash,
      content: v.content,
      price: v.price,
      duration: clip.duration,
      media_key: clip.mediaKey,
      can_try: v.canTry ? 1 : 0,
      play_count: v.playCount,
      search_text: searchText(v.name),
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertBatched(
    trx,
    'vod_markers',
    clip.markers.map((m) => ({
      vod_id: row.id,
      offset: m.offset,
      cover_hash: m.coverHash,
      title: m.title,
      describe: m.describe,
    })),
  );
  await insertBatched(trx, 'vod_danmu', demoDanmuRows(row.id, clip.duration, createdAt, v.seed));
  return row.id;
}
