import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { demoMediaKey, ensureDemoVideos, type DemoVideoSpec } from '../media/demo-clips.js';
import { DemoRecipes, hasDemoRecipes } from '../media/demo-pages.js';
import { exists, mediaDir, writeAtomic } from '../media/files.js';
import { buildAds, buildCovers } from './art.js';
import { SEED_LOCK_KEY, insertCatalogue, insertDemoVod } from './catalogue.js';
import { AD_PLANS, BOOKS_PER_CATEGORY, VODS_PER_TYPE, planBooks, planVods, type VodPlan } from './plan.js';
import { CATEGORY_NAMES, VOD_TYPE_NAMES, bookNames, vodNames } from './names.js';
import { seedPayData } from './pay.js';
import { buildPlayerAdMedia, insertPlayerAds } from './player-ads.js';
import { createRng } from '../demo/rng.js';
import { makeCast, type BookStory } from '../demo/story.js';

/** The seed of the demo catalogue's generator: the same catalogue on every machine. */
const DEMO_SEED = 20_260_101;
/** Videos made before the first start answers: the first of each type (the rest follow it). */
export const EAGER_VODS = VOD_TYPE_NAMES.length;

/** The whole demo plan, recomputed the same way by the seed and by finishDemoVideos. */
function demoPlan() {
  const rng = createRng(DEMO_SEED);
  const books = planBooks(rng, bookNames(rng, CATEGORY_NAMES.length * BOOKS_PER_CATEGORY));
  const vods = planVods(rng, vodNames(rng, VOD_TYPE_NAMES.length * VODS_PER_TYPE));
  const stories: BookStory[] = books.map((b) => ({
    title: b.title,
    genre: b.categoryIndex,
    seed: b.seed,
    cast: makeCast(b.seed),
  }));
  return { rng, books, vods, stories };
}

/** The demo books' stories (title, genre, cast), e.g. for tools that draw adverts. */
export const demoStories = (): BookStory[] => demoPlan().stories;

export const vodSpec = (v: VodPlan): DemoVideoSpec => ({
  name: v.name,
  typeIndex: v.typeId - 1,
  typeName: VOD_TYPE_NAMES[v.typeId - 1]!,
  seed: v.seed,
});

/**
 * Seeds the demo catalogue (categories, books, chapters and pages, showcases, ads, hot words,
 * video types, the first video of each type and their markers and comments) plus the pay packages
 * and channels, when there are no books yet. The other videos follow in finishDemoVideos.
 * Returns whether it seeded.
 */
export async function seedIfEmpty(ctx: Ctx, log: { info(msg: string): void }): Promise<boolean> {
  if (await ctx.db.selectFrom('books').select('id').limit(1).executeTakeFirst()) return false;
  const t0 = performance.now();
  const { rng, books, vods, stories } = demoPlan();
  const eager = vods.slice(0, EAGER_VODS);

  // Videos (ffmpeg) and pictures (sharp) run side by side; each bounds its own parallelism.
  const [videos, pictures, playerAds] = await Promise.all([
    ensureDemoVideos(ctx, eager.map(vodSpec)),
    (async () => {
      const covers = await buildCovers(ctx, books, stories);
      const ads = await buildAds(ctx, AD_PLANS, stories);
      return { covers, ads };
    })(),
    // The start advert's picture and the video ad clips (measured: see seed/player-ads.ts).
    buildPlayerAdMedia(ctx, stories),
  ]);
  const tArt = performance.now();

  const recipes = new DemoRecipes(stories);
  const counts = await insertCatalogue(ctx.db, ctx.dialect, rng, books, eager, {
    ...pictures,
    stories,
    recipes,
    videos,
  });
  if (!counts) {
    log.info('demo catalogue: another node seeded it first');
    return false;
  }
  await recipes.save(ctx);
  await seedPayData(ctx.db);
  await insertPlayerAds(ctx.db, playerAds);
  const t1 = performance.now();
  log.info(
    `demo catalogue seeded: ${counts.categories} categories, ${counts.books} books, ${counts.chapters} chapters, ` +
      `${counts.pages} pages (drawn on first view), ${counts.vods} videos (${vods.length - eager.length} more ` +
      `follow) in ${Math.round(t1 - t0)} ms (media ${Math.round(tArt - t0)} ms, rows ${Math.round(t1 - tArt)} ms)`,
  );
  return true;
}

const completeFile = (ctx: Ctx) => mediaDir(ctx, 'demo', 'videos-complete');

/**
 * Makes the demo videos the seed left for after the first start, one at a time (the server is
 * answering meanwhile), adding each to the catalogue when it is ready. Does nothing when this
 * DATA_DIR holds no demo catalogue or they are all made; safe to run on several nodes at once.
 */
export async function finishDemoVideos(ctx: Ctx, log: { info(msg: string): void }): Promise<number> {
  if ((await exists(completeFile(ctx))) || !(await hasDemoRecipes(ctx))) return 0;
  const { vods } = demoPlan();
  let added = 0;
  for (const v of vods.slice(EAGER_VODS)) {
    const spec = vodSpec(v);
    const key = demoMediaKey(spec);
    const has = () => ctx.db.selectFrom('vods').select('id').where('media_key', '=', key).executeTakeFirst();
    if (await has()) continue;
    const [clip] = await ensureDemoVideos(ctx, [spec]);
    const inserted = await ctx.db.transaction().execute(async (trx) => {
      if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
      if (await trx.selectFrom('vods').select('id').where('media_key', '=', key).executeTakeFirst())
        return false;
      await insertDemoVod(trx, v, clip!);
      return true;
    });
    if (inserted) added++;
  }
  await writeAtomic(completeFile(ctx), new Date().toISOString());
  if (added > 0) log.info(`demo catalogue: ${added} more videos added`);
  return added;
}
