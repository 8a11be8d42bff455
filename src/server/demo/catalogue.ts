import type { CatalogueStore, ChapterInput } from '../ports/catalogue-store.js';
import type { DemoVideo } from './clips.js';
import type { DemoRecipes } from './recipes.js';
import { CATEGORY_NAMES, VOD_TYPE_NAMES } from './names.js';
import { demoDanmu } from './danmu.js';
import { AD_PLANS, HOT_WORD_COUNT, type BookPlan, type VodPlan } from './plan.js';
import type { Rng } from './rng.js';
import { chapterHoursAgo } from './stats.js';
import { chapterTitle, type BookStory } from './story.js';

/** The demo catalogue, written through the catalogue store as an operator would, in one transaction. */

/** Advisory lock id of the demo seed (any constant shared by all nodes). */
export const SEED_LOCK_KEY = 7_201_911;

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
 * Writes the whole demo catalogue in one transaction, or nothing (null) when books appeared in the
 * meantime: on PostgreSQL several nodes may start at once, so they queue on an advisory lock.
 */
export async function insertCatalogue(
  store: CatalogueStore,
  rng: Rng,
  books: BookPlan[],
  vods: VodPlan[],
  art: SeedArtSet,
  now = Date.now(),
): Promise<SeedCounts | null> {
  return store.transaction(
    async (tx) => {
      if (await tx.hasBooks()) return null;
      const categoryIds: number[] = [];
      for (const [i, name] of CATEGORY_NAMES.entries())
        categoryIds.push(await tx.createCategory({ name, sort: i }));

      // Each book with its chapters and their pages (a few batched statements per book).
      const bookIds: number[] = [];
      let chapterCount = 0;
      let pageCount = 0;
      for (const [i, b] of books.entries()) {
        const chapters = Array.from({ length: b.chapters }, (_, k): ChapterInput => {
          const number = k + 1;
          // Every page of every chapter is its own drawing (drawn on first request); the story knows
          // how many pages its chapter has (seed.ts), else they are drawn here.
          const count = art.stories[i]!.pages?.[k] ?? rng.int(6, 10);
          const pages = Array.from({ length: count }, (_, idx) => {
            const p = art.recipes.page(i, number, idx + 1, b.split);
            return { width: p.width, height: p.height, parts: p.parts };
          });
          pageCount += pages.length;
          return {
            number,
            title: `第${number}话 ${chapterTitle(art.stories[i]!, number)}`,
            // Its own first page's opening panel, not the book's wide cover repeated.
            coverHash: art.recipes.thumb(i, number),
            // The first two chapters are free; later ones cost the book's price, a little more later on.
            price: number <= 2 ? 0 : Math.min(30, b.basePrice + Math.floor((number - 3) / 10) * 2),
            splitCount: b.split,
            updatedAt: hoursAgo(now, chapterHoursAgo(b, number)),
            pages,
          };
        });
        chapterCount += chapters.length;
        bookIds.push(
          await tx.createBook({
            title: b.title,
            author: b.author,
            summary: b.abstract,
            coverHash: art.covers[i]!,
            horiCoverHash: art.recipes.hori(i),
            categoryId: categoryIds[b.categoryIndex]!,
            publishStatus: b.publish,
            vipFree: b.vipFree,
            threeD: b.threeD,
            recommend: b.recommend,
            readCount: b.readCount,
            weekReadCount: b.weekReadCount,
            createdAt: hoursAgo(now, b.createdDaysAgo * 24),
            updatedAt: hoursAgo(now, b.updatedHoursAgo),
            chapters,
          }),
        );
      }

      // Curated showcase types; 'new' and 'hot' follow live data (see services/catalogue/lists.ts).
      const order = (key: (b: BookPlan) => number) =>
        books
          .map((b, i) => ({ b, id: bookIds[i]! }))
          .sort((x, y) => key(y.b) - key(x.b))
          .map((x) => x.id);
      // Up to 3 pages of 10 each, so the home sections' 换一批 has pages to cycle through.
      const finished = books.filter((b) => b.publish === 'finish').length;
      const serialised = books.filter((b) => b.publish === 'serialize').length;
      await tx.setShowcase('e_recommend', order((b) => b.recommend).slice(0, 30));
      await tx.setShowcase(
        'kkbg',
        order((b) => (b.publish === 'finish' ? b.readCount : -1)).slice(0, Math.min(30, finished)),
      );
      await tx.setShowcase(
        'new_on',
        order((b) => (b.publish === 'serialize' ? -b.createdDaysAgo : -1e9)).slice(
          0,
          Math.min(30, serialised),
        ),
      );
      await tx.setShowcase(
        'three_d',
        order((b) => (b.threeD ? b.recommend : -1)).slice(0, books.filter((b) => b.threeD).length),
      );

      for (const [i, a] of AD_PLANS.entries()) {
        await tx.createAd({
          slot: a.position,
          jumpType: a.jumpType,
          bizId: a.bookIndex === undefined ? 0 : bookIds[a.bookIndex]!,
          url: a.url,
          imageHash: art.ads[i]!,
          title: a.title,
          sort: i,
        });
      }

      await tx.setHotWords(
        order((b) => b.weekReadCount)
          .slice(0, HOT_WORD_COUNT)
          .map((id) => books[bookIds.indexOf(id)]!.title),
      );

      for (const [i, name] of VOD_TYPE_NAMES.entries()) await tx.createVodType({ id: i + 1, name, sort: i });
      for (const [i, v] of vods.entries()) await insertDemoVod(tx, v, art.videos[i]!, now);

      return {
        categories: categoryIds.length,
        books: bookIds.length,
        chapters: chapterCount,
        pages: pageCount,
        vods: vods.length,
      };
    },
    { lockKey: SEED_LOCK_KEY },
  );
}

/** One demo video with its markers and viewers' comments. */
export async function insertDemoVod(store: CatalogueStore, v: VodPlan, clip: DemoVideo, now = Date.now()) {
  const createdAt = hoursAgo(now, v.createdHoursAgo);
  const id = await store.createVod({
    typeId: v.typeId,
    name: v.name,
    summary: v.content,
    // The poster is a frame of the video itself.
    posterHash: clip.posterHash,
    price: v.price,
    duration: clip.duration,
    mediaKey: clip.mediaKey,
    canTry: v.canTry,
    trialSeconds: v.trialSeconds,
    playCount: v.playCount,
    createdAt,
  });
  await store.setMarkers(id, clip.markers);
  await store.addDanmu(id, demoDanmu(clip.duration, createdAt, v.seed));
  return id;
}
