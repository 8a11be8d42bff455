import type { Ctx } from '../context.js';
import {
  DEMO_DRAWN_AHEAD_KEY,
  DEMO_RECIPES_KEY,
  DEMO_VIDEOS_COMPLETE_KEY,
  IMAGE_PREFIX,
} from '../media/keys.js';
import { DemoDrawing } from './recipes.js';
import { finishDemoVideos, seedIfEmpty } from './seed.js';

/** Makes the demo videos the seed left for later, one at a time, while the server answers. */
export const DEMO_VIDEOS_JOB = 'demo-videos';
/** Draws covers, thumbnails and first chapters before anyone asks (demo/recipes.ts drawAhead). */
export const DEMO_DRAW_AHEAD_JOB = 'demo-draw-ahead';

export interface DemoLog {
  info(msg: string): void;
}

export interface DemoPlugin {
  /** The demo's drawing (its queue, for tests and diagnostics). */
  readonly drawing: DemoDrawing;
  /**
   * Seeds the demo catalogue into an empty database (covers, first videos and rows before the first
   * start answers), then asks the jobs for the rest: the other videos and the drawing ahead of demand.
   */
  seed(): Promise<boolean>;
}

/**
 * The demo catalogue as a plugin over the ports, the way an operator's tools would use them: it writes
 * books and videos through ctx.catalogue, pictures and clips through ctx.media, draws its pictures when
 * the media store misses them (a reader's first request) and ahead of demand, and makes its videos as
 * jobs, so with several nodes each is made once. The composition root registers it only with DEMO on;
 * with DEMO=0 nothing of this runs: no row, no picture, no video.
 */
export function registerDemo(ctx: Ctx, log: DemoLog): DemoPlugin {
  const drawing = new DemoDrawing(ctx);
  ctx.media.onMiss(IMAGE_PREFIX, drawing.onMiss);

  ctx.jobs.define({
    name: DEMO_VIDEOS_JOB,
    run: async ({ signal }) => {
      await finishDemoVideos(ctx, log, signal);
    },
  });
  ctx.jobs.define({
    name: DEMO_DRAW_AHEAD_JOB,
    run: async ({ signal }) => {
      if (await ctx.media.exists(DEMO_DRAWN_AHEAD_KEY)) return;
      const started = performance.now();
      const drawn = await drawing.drawAhead(signal);
      await ctx.media.write(DEMO_DRAWN_AHEAD_KEY, new Date().toISOString());
      if (drawn > 0)
        log.info(
          `demo catalogue: ${drawn} pictures drawn ahead in ${Math.round(performance.now() - started)} ms`,
        );
    },
  });

  return {
    drawing,
    async seed() {
      const seeded = await seedIfEmpty(ctx, log);
      // Asked once per seed on this store (its recipes' version names the runs): every node may ask,
      // the jobs' dedupe key lets one run each. A run cut short is taken over after its lease.
      const recipes = await ctx.media.head(DEMO_RECIPES_KEY);
      if (recipes) {
        const version = `${recipes.size}-${recipes.modifiedAt?.getTime() ?? recipes.etag ?? ''}`;
        if (!(await ctx.media.exists(DEMO_VIDEOS_COMPLETE_KEY)))
          await ctx.jobs.enqueue(DEMO_VIDEOS_JOB, undefined, { dedupeKey: version });
        if (!(await ctx.media.exists(DEMO_DRAWN_AHEAD_KEY)))
          await ctx.jobs.enqueue(DEMO_DRAW_AHEAD_JOB, undefined, { dedupeKey: version });
      }
      return seeded;
    },
  };
}
