import {
  renderDemoAd,
  renderDemoCover,
  renderDemoHoriCover,
  renderDemoPage,
  renderDemoVodPoster,
} from '../media/demo-art.js';
import type { MediaCtx } from '../media/files.js';
import { storeChapterPage, storeImage, type StoredPage } from '../media/images.js';
import { mapLimit } from './rng.js';

/**
 * The demo pictures. Drawing and encoding dominate the first start, so pages come from a bounded
 * pool reused by every chapter (content hashes make the reuse free) and work runs two at a time,
 * one per core.
 */

export const MAX_PAGES_PER_CHAPTER = 10;
/** Page variants per split count: a chapter uses one variant's pages 1…n. */
export const PAGE_VARIANTS = 2;
export const SPLIT_COUNTS = [1, 2, 3] as const;
const PARALLEL = 2;

/** pool[split][variant][page-1] */
export type PagePool = Map<number, StoredPage[][]>;

export async function buildPagePool(ctx: MediaCtx): Promise<PagePool> {
  const jobs = SPLIT_COUNTS.flatMap((split) =>
    Array.from({ length: PAGE_VARIANTS }, (_, variant) =>
      Array.from({ length: MAX_PAGES_PER_CHAPTER }, (_, i) => ({ split, variant, page: i + 1 })),
    ).flat(),
  );
  const stored = await mapLimit(jobs, PARALLEL, async (j) => {
    // Pooled pages appear in many chapters of many books: they name neither.
    const art = await renderDemoPage({
      bookTitle: 'Inkreel demo',
      page: j.page,
      seed: 1000 + j.split * 10 + j.variant,
    });
    return storeChapterPage(ctx, art, j.split);
  });
  const pool: PagePool = new Map();
  jobs.forEach((j, i) => {
    const bySplit = pool.get(j.split) ?? Array.from({ length: PAGE_VARIANTS }, () => []);
    bySplit[j.variant]![j.page - 1] = stored[i]!;
    pool.set(j.split, bySplit);
  });
  return pool;
}

export interface CoverPair {
  cover: string;
  hori: string;
}

export function buildCovers(ctx: MediaCtx, books: { titleEn: string; seed: number }[]): Promise<CoverPair[]> {
  return mapLimit(books, PARALLEL, async (b) => {
    const cover = await storeImage(ctx, await renderDemoCover({ title: b.titleEn, seed: b.seed }));
    const hori = await storeImage(ctx, await renderDemoHoriCover({ title: b.titleEn, seed: b.seed }));
    return { cover, hori };
  });
}

export function buildAds(ctx: MediaCtx, ads: { titleEn: string; seed: number }[]): Promise<string[]> {
  return mapLimit(ads, PARALLEL, async (a) =>
    storeImage(ctx, await renderDemoAd({ title: a.titleEn, seed: a.seed })),
  );
}

export function buildPosters(ctx: MediaCtx, vods: { nameEn: string; seed: number }[]): Promise<string[]> {
  return mapLimit(vods, PARALLEL, async (v) =>
    storeImage(ctx, await renderDemoVodPoster({ title: v.nameEn, seed: v.seed })),
  );
}
