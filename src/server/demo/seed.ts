import { performance } from 'node:perf_hooks';
import type { Ctx } from '../context.js';
import { demoMediaKey, ensureDemoVideos, type DemoVideoSpec } from './clips.js';
import { DemoRecipes, hasDemoRecipes } from './recipes.js';
import { DEMO_VIDEOS_COMPLETE_KEY } from '../media/keys.js';
import { buildAds, buildCovers } from './covers.js';
import { SEED_LOCK_KEY, insertCatalogue, insertDemoVod } from './catalogue.js';
import {
  AD_PLANS,
  BOOKS_PER_CATEGORY,
  VODS_PER_TYPE,
  planBooks,
  planVods,
  skipFirstVodDraws,
  type VodPlan,
} from './plan.js';
import { CATEGORY_NAMES, VOD_TYPE_NAMES, bookNames, vodNames } from './names.js';
import { buildPlayerAdMedia, insertPlayerAds } from './player-ads.js';
import { createRng } from './rng.js';
import { withDemoStats } from './stats.js';
import { premiseStory, type BookStory } from './story.js';

/** The seed of the demo catalogue's generator: the same catalogue on every machine. */
const DEMO_SEED = 20_260_101;
/** The seed of the demo videos' own generator (plan.ts skipFirstVodDraws). */
const DEMO_VOD_SEED = 20_260_429;
/**
 * Videos made before the first start answers: the first of each type (plan.ts keeps them at most a
 * minute long); the rest follow it.
 */
export const EAGER_VODS = VOD_TYPE_NAMES.length;
/** Demo videos encoded at once by the job that makes the rest (one per core). */
const VIDEO_JOB_PARALLEL = 2;

/** The whole demo plan, recomputed the same way by the seed and by finishDemoVideos. */
export function demoPlan() {
  const rng = createRng(DEMO_SEED);
  // Dates and read counts from demo/stats.ts, in place of plan.ts's flat draws (which stay, so the
  // shared generator runs as before).
  const books = withDemoStats(planBooks(rng, bookNames(rng, CATEGORY_NAMES.length * BOOKS_PER_CATEGORY)));
  skipFirstVodDraws(rng);
  const vodRng = createRng(DEMO_VOD_SEED);
  const vods = planVods(vodRng, vodNames(vodRng, VOD_TYPE_NAMES.length * VODS_PER_TYPE));
  // Pages per chapter, drawn here in the order the catalogue once drew them: a chapter's story knows
  // its last page (the cliffhanger goes there).
  const stories: BookStory[] = books.map((b, i) => ({
    ...premiseStory(b.categoryIndex, Math.floor(i / CATEGORY_NAMES.length), b.seed),
    title: b.title,
  }));
  for (const [i, b] of books.entries())
    stories[i]!.pages = Array.from({ length: b.chapters }, () => rng.int(6, 10));
  return { rng, books, vods, stories };
}

/** The demo books' stories (title, genre, cast), e.g. for tools that draw adverts. */
export const demoStories = (): BookStory[] => demoPlan().stories;

export const vodSpec = (v: VodPlan): DemoVideoSpec => ({
  name: v.name,
  typeIndex: v.typeId - 1,
  typeName: VOD_TYPE_NAMES[v.typeId - 1]!,
  seed: v.seed,
  seconds: v.seconds,
});

/**
 * Seeds the demo catalogue (categories, books, chapters and pages, showcases, ads, hot words,
 * video types, the first video of each type and their markers and comments), when there are no books
 * yet (the pay packages and channels are the service's own defaults: services/pay/defaults.ts). The other videos follow in finishDemoVideos.
 * Returns whether it seeded.
 */
export async function seedIfEmpty(ctx: Ctx, log: { info(msg: string): void }): Promise<boolean> {
  if (await ctx.catalogue.hasBooks()) return false;
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
    // The start advert's picture and the video ad clips (measured: see demo/player-ads.ts).
    buildPlayerAdMedia(ctx, stories),
  ]);
  const tArt = performance.now();

  const recipes = new DemoRecipes(stories);
  const counts = await insertCatalogue(ctx.catalogue, rng, books, eager, {
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
  await insertPlayerAds(ctx.catalogue, playerAds);
  const t1 = performance.now();
  log.info(
    `demo catalogue seeded: ${counts.categories} categories, ${counts.books} books, ${counts.chapters} chapters, ` +
      `${counts.pages} pages (drawn on first view), ${counts.vods} videos (${vods.length - eager.length} more ` +
      `follow) in ${Math.round(t1 - t0)} ms (media ${Math.round(tArt - t0)} ms, rows ${Math.round(t1 - tArt)} ms)`,
  );
  return true;
}

/**
 * Makes the demo videos the seed left for after the first start, two at a time (the server is
 * answering meanwhile), adding each to the catalogue in plan order as it is ready. Does nothing when
 * this media store holds no demo catalogue or they are all made; safe to run on several nodes at once.
 */
export async function finishDemoVideos(
  ctx: Ctx,
  log: { info(msg: string): void },
  signal?: AbortSignal,
): Promise<number> {
  if ((await ctx.media.exists(DEMO_VIDEOS_COMPLETE_KEY)) || !(await hasDemoRecipes(ctx))) return 0;
  const started = performance.now();
  const { vods } = demoPlan();
  const todo: VodPlan[] = [];
  for (const v of vods.slice(EAGER_VODS))
    if ((await ctx.catalogue.findVodByMediaKey(demoMediaKey(vodSpec(v)))) === null) todo.push(v);
  // Encoded VIDEO_JOB_PARALLEL at a time; stopped (shutdown), no new one starts, and the next run goes
  // on from the first video not yet in the catalogue.
  const slots = limiter(VIDEO_JOB_PARALLEL);
  const clips = todo.map((v) =>
    slots(async () => {
      signal?.throwIfAborted();
      return (await ensureDemoVideos(ctx, [vodSpec(v)]))[0]!;
    }),
  );
  // A failed encode is reported where its turn comes, not as an unhandled rejection meanwhile.
  for (const c of clips) c.catch(() => undefined);
  let added = 0;
  for (const [i, v] of todo.entries()) {
    const clip = await clips[i]!;
    const key = clip.mediaKey;
    const inserted = await ctx.catalogue.transaction(
      async (tx) => {
        if ((await tx.findVodByMediaKey(key)) !== null) return false;
        await insertDemoVod(tx, v, clip);
        return true;
      },
      { lockKey: SEED_LOCK_KEY },
    );
    if (inserted) added++;
  }
  await ctx.media.write(DEMO_VIDEOS_COMPLETE_KEY, new Date().toISOString());
  if (added > 0)
    log.info(`demo catalogue: ${added} more videos added in ${Math.round(performance.now() - started)} ms`);
  return added;
}

/** Runs the functions given to it at most `n` at a time, in the order given. */
function limiter(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running < n) running++;
    // Else wait for a running one to hand its slot over.
    else await new Promise<void>((go) => waiting.push(go));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
