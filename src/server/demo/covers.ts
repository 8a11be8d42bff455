import { renderDemoAd, renderDemoCover } from './art.js';
import type { MediaCtx } from '../media/files.js';
import { storeImage } from '../media/images.js';
import type { AdPlan, BookPlan } from './plan.js';
import { mapLimit } from './rng.js';
import type { BookStory } from './story.js';

/**
 * The demo pictures drawn before the first start answers: book covers and advert banners (what the
 * home screen shows first). Chapter pages, wide covers and chapter thumbnails are drawn on first request from recipes
 * (demo/recipes.ts). Work runs two at a time, one per core.
 */

const PARALLEL = 2;

export function buildCovers(ctx: MediaCtx, books: BookPlan[], stories: BookStory[]): Promise<string[]> {
  return mapLimit(books, PARALLEL, async (b, i) =>
    storeImage(ctx, await renderDemoCover({ book: stories[i]!, author: b.author })),
  );
}

export function buildAds(ctx: MediaCtx, ads: AdPlan[], stories: BookStory[]): Promise<string[]> {
  return mapLimit(ads, PARALLEL, async (a, i) =>
    storeImage(
      ctx,
      await renderDemoAd({
        title: a.title,
        subtitle: a.subtitle,
        cta: a.cta,
        palette: i,
        book: stories[a.bookIndex ?? (i * 7) % stories.length]!,
      }),
    ),
  );
}
