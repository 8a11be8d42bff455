import { performance } from 'node:perf_hooks';
import type { Ctx } from '../context.js';
import { ensureDemoVideos } from '../media/demo-clips.js';
import { buildAds, buildCovers, buildPagePool, buildPosters } from './art.js';
import { insertCatalogue } from './catalogue.js';
import { AD_PLANS, BOOKS_PER_CATEGORY, VODS_PER_TYPE, planBooks, planVods } from './plan.js';
import { CATEGORY_NAMES, VOD_TYPE_NAMES, bookNames, vodNames } from './names.js';
import { seedPayData } from './pay.js';
import { buildPlayerAdMedia, insertPlayerAds } from './player-ads.js';
import { createRng } from './rng.js';

/** The seed of the demo catalogue's generator: the same catalogue on every machine. */
const DEMO_SEED = 20_260_101;

/**
 * Seeds the demo catalogue (categories, books, chapters and pages, showcases, ads, hot words,
 * video types, videos and markers) plus the pay packages and channels, when there are no books yet.
 * Returns whether it seeded.
 */
export async function seedIfEmpty(ctx: Ctx, log: { info(msg: string): void }): Promise<boolean> {
  if (await ctx.db.selectFrom('books').select('id').limit(1).executeTakeFirst()) return false;
  const t0 = performance.now();
  const rng = createRng(DEMO_SEED);
  const books = planBooks(rng, bookNames(rng, CATEGORY_NAMES.length * BOOKS_PER_CATEGORY));
  const vods = planVods(rng, vodNames(rng, VOD_TYPE_NAMES.length * VODS_PER_TYPE));

  // Videos (ffmpeg) and pictures (sharp) run side by side; each bounds its own parallelism.
  const [videos, pictures, playerAds] = await Promise.all([
    ensureDemoVideos(ctx, vods.length),
    (async () => {
      const pages = await buildPagePool(ctx);
      const covers = await buildCovers(ctx, books);
      const ads = await buildAds(
        ctx,
        AD_PLANS.map((a, i) => ({ titleEn: a.titleEn, seed: 900 + i })),
      );
      const posters = await buildPosters(ctx, vods);
      return { pages, covers, ads, posters };
    })(),
    // The start advert's picture and the video ad clips (measured: see seed/player-ads.ts).
    buildPlayerAdMedia(ctx),
  ]);
  const tArt = performance.now();

  const counts = await insertCatalogue(ctx.db, ctx.dialect, rng, books, vods, { ...pictures, videos });
  if (!counts) {
    log.info('demo catalogue: another node seeded it first');
    return false;
  }
  await seedPayData(ctx.db);
  await insertPlayerAds(ctx.db, playerAds);
  const t1 = performance.now();
  log.info(
    `demo catalogue seeded: ${counts.categories} categories, ${counts.books} books, ${counts.chapters} chapters, ` +
      `${counts.pages} pages, ${counts.vods} videos in ${Math.round(t1 - t0)} ms ` +
      `(media ${Math.round(tArt - t0)} ms, rows ${Math.round(t1 - tArt)} ms)`,
  );
  return true;
}
