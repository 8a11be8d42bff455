import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PAGE_SIZE_PX } from '../../contract/index.js';
import type { MediaAsk, MissHandler } from '../ports/media-store.js';
import { MediaBusyError } from '../media/busy.js';
import { DrawPriority, DrawQueue, DrawQueueFullError } from './draw-queue.js';
import type { BookStory } from './story.js';
import { renderDemoHoriCover } from './art.js';
import { PAGE_ART_SIZE_PX, renderChapterThumb, renderComicPage } from './comic.js';
import type { MediaCtx } from '../media/files.js';
import { imageHash, writeVariants, type StoredPage } from '../media/images.js';
import { DEMO_RECIPES_KEY, imageHashOf, imageKeyOf } from '../media/keys.js';

/**
 * Demo pictures drawn when first asked for. The demo books have about 12,700 pages, each its own
 * drawing: far more than a first start can draw (about 50 ms each on an idle core), so the seed stores
 * each page's recipe under the hash its image will have, and a missing picture is drawn from its recipe
 * on first request (the media store's miss handler for img/, registered by the wiring: then it is an
 * object like any other). The names are kept in the
 * catalogue and the registry, so they hold across restarts.
 *
 * A page's name is salted with a secret of this seed: the recipe's inputs (the stories, the generator)
 * are public code, and the image route serves any name it knows, so an unsalted name would let anyone
 * fetch a locked chapter's pages without buying it.
 */

/** Bump when the drawing changes: every demo picture then gets a new name. */
export const DEMO_ART_VERSION = 'comic-v3';

/** The source hash names the page (split 1) or derives its strips' names. */
type PageEntry = [kind: 'page', book: number, chapter: number, page: number, split: number, source: string];
type HoriEntry = [kind: 'hori', book: number, hash: string];
type ThumbEntry = [kind: 'thumb', book: number, chapter: number, hash: string];
type Entry = PageEntry | HoriEntry | ThumbEntry;

interface Registry {
  version: string;
  books: BookStory[];
  /** Image hash → what to draw. */
  entries: Record<string, Entry>;
}

const pageSourceHash = (salt: string, book: BookStory, chapter: number, page: number) =>
  imageHash(Buffer.from(JSON.stringify([DEMO_ART_VERSION, 'page', salt, book, chapter, page])));
/** Same derivation as storeChapterPage's strips: a page stored either way keeps its names. */
const stripHash = (source: string, split: number, i: number) =>
  imageHash(Buffer.from(`${source}/strip/${split}/${i}`));

/** Collects the recipes of one seed; `save` writes them for the image route. */
export class DemoRecipes {
  private readonly entries: Record<string, Entry> = {};
  private readonly salt = randomBytes(16).toString('hex');
  constructor(private readonly books: BookStory[]) {}

  /** The page's display size and image names, without drawing it. */
  page(bookIndex: number, chapter: number, page: number, split: number): StoredPage {
    const book = this.books[bookIndex]!;
    const source = pageSourceHash(this.salt, book, chapter, page);
    const parts =
      split === 1 ? [source] : Array.from({ length: split }, (_, i) => stripHash(source, split, i));
    for (const p of parts) this.entries[p] = ['page', bookIndex, chapter, page, split, source];
    const { width, height } = PAGE_ART_SIZE_PX;
    return { width: PAGE_SIZE_PX, height: Math.round((height * PAGE_SIZE_PX) / width), parts };
  }

  hori(bookIndex: number): string {
    const hash = imageHash(Buffer.from(JSON.stringify([DEMO_ART_VERSION, 'hori', this.books[bookIndex]])));
    this.entries[hash] = ['hori', bookIndex, hash];
    return hash;
  }

  /** The chapter's own thumbnail (its first page's opening panel), drawn on first request like the pages. */
  thumb(bookIndex: number, chapter: number): string {
    const hash = imageHash(
      Buffer.from(JSON.stringify([DEMO_ART_VERSION, 'thumb', this.books[bookIndex], chapter])),
    );
    this.entries[hash] = ['thumb', bookIndex, chapter, hash];
    return hash;
  }

  async save(ctx: MediaCtx): Promise<void> {
    const reg: Registry = { version: DEMO_ART_VERSION, books: this.books, entries: this.entries };
    await ctx.media.write(DEMO_RECIPES_KEY, JSON.stringify(reg));
  }
}

/**
 * Draws an entry under the names the seed gave it (not names recomputed now: a newer generator must
 * still fill the names an older seed put in the catalogue).
 */
async function draw(ctx: MediaCtx, reg: Registry, entry: Entry): Promise<void> {
  if (entry[0] === 'hori') {
    const png = await renderDemoHoriCover({ book: reg.books[entry[1]]!, author: '' });
    await writeVariants(ctx, entry[2], () => sharp(png), {});
    return;
  }
  if (entry[0] === 'thumb') {
    const [, b, chapter, hash] = entry;
    const png = await renderChapterThumb({ book: reg.books[b]!, chapter });
    await writeVariants(ctx, hash, () => sharp(png), {});
    return;
  }
  const [, b, chapter, page, split, source] = entry;
  const png = await renderComicPage({ book: reg.books[b]!, chapter, page });
  if (split === 1) {
    await writeVariants(ctx, source, () => sharp(png), {});
    return;
  }
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (let i = 0; i < split; i++) {
    const left = Math.floor((i * info.width) / split);
    const width = Math.floor(((i + 1) * info.width) / split) - left;
    await writeVariants(
      ctx,
      stripHash(source, split, i),
      () => sharp(data, { raw }).extract({ left, top: 0, width, height: info.height }),
      {},
    );
  }
}

/** How urgent a drawing of this kind is when a reader asks for it. */
const PRIORITY = { page: DrawPriority.page, hori: DrawPriority.cover, thumb: DrawPriority.thumb } as const;

/** The stored names an entry makes (one per strip of a split page). */
const entryHashes = (entry: Entry): string[] =>
  entry[0] === 'page'
    ? entry[4] === 1
      ? [entry[5]]
      : Array.from({ length: entry[4] }, (_, i) => stripHash(entry[5], entry[4], i))
    : [entry[entry.length - 1] as string];

export interface DemoDrawingOptions {
  /** Drawings at once (one per core). */
  parallel?: number;
  /** Drawings one client may have waiting before it is answered 503 (ask again later). */
  maxWaitingPerClient?: number;
  /** Drawings all clients together may have waiting before a new one is answered 503. */
  maxWaiting?: number;
}

/**
 * The demo's drawing of pictures from their recipes: on a reader's first request (the media store's miss
 * handler for img/) and ahead of demand (a job). Drawings go through one fair queue (draw-queue.ts) per
 * app, so a client asking for hundreds of undrawn thumbnails cannot hold back another reader's page, and
 * a cancelled request's drawing is dropped before it starts.
 */
export class DemoDrawing {
  private readonly queue: DrawQueue;
  /** The registry last read, with the version it was read at (a new seed replaces it). */
  private loaded: { version: string; reg: Registry } | null = null;

  constructor(
    private readonly ctx: MediaCtx,
    opts: DemoDrawingOptions = {},
  ) {
    this.queue = new DrawQueue({
      parallel: opts.parallel ?? 2,
      maxWaitingPerClient: opts.maxWaitingPerClient ?? MAX_WAITING_PER_CLIENT,
      maxWaiting: opts.maxWaiting ?? MAX_WAITING_DRAWINGS,
    });
  }

  /** Drawings running and waiting (tests and diagnostics). */
  load() {
    return this.queue.load();
  }

  private async registry(): Promise<Registry | null> {
    const { media } = this.ctx;
    const info = await media.head(DEMO_RECIPES_KEY);
    if (!info) return null;
    const version = `${info.etag ?? ''}/${info.modifiedAt?.getTime() ?? ''}/${info.size}`;
    if (this.loaded?.version === version) return this.loaded.reg;
    const bytes = await media.readAll(DEMO_RECIPES_KEY);
    if (!bytes) return null;
    const reg = JSON.parse(bytes.toString('utf8')) as Registry;
    this.loaded = { version, reg };
    return reg;
  }

  /**
   * Draws the demo picture named `hash` if the seed left a recipe for it. Resolves true when its images
   * are now stored, false when there is no such recipe; rejects with MediaBusyError when `requester`
   * already has its share of drawings waiting, or with the signal's reason when it was cancelled.
   */
  async draw(hash: string, ask: MediaAsk & { ahead?: boolean } = {}): Promise<boolean> {
    const reg = await this.registry();
    const entry = reg?.entries[hash];
    if (!reg || !entry) return false;
    const priority = ask.ahead ? DrawPriority.ahead : PRIORITY[entry[0]];
    try {
      await this.queue.run(
        JSON.stringify(entry),
        ask.requester ?? '',
        priority,
        () => draw(this.ctx, reg, entry),
        ask.signal,
      );
    } catch (err) {
      if (err instanceof DrawQueueFullError) throw new MediaBusyError(1);
      throw err;
    }
    return true;
  }

  /** The media store's miss handler for img/: a demo picture is drawn on its first request. */
  readonly onMiss: MissHandler = async (key, ask) => {
    const hash = imageHashOf(key);
    return hash !== null && this.draw(hash, ask);
  };

  /**
   * Draws ahead of demand what a visitor meets first and what lists show by the hundred: wide covers,
   * every chapter's thumbnail, then the first chapters' pages, one drawing at a time at the lowest
   * priority (a reader's request always goes first). Pictures already stored are skipped, so a run cut
   * short goes on where it stopped. Resolves the number drawn.
   */
  async drawAhead(signal: AbortSignal, firstChapters = DRAW_AHEAD_CHAPTERS): Promise<number> {
    const reg = await this.registry();
    if (!reg) return 0;
    const order = (e: Entry) =>
      e[0] === 'hori' ? 0 : e[0] === 'thumb' ? 1 : e[2] <= firstChapters ? 2 + e[2] : Infinity;
    const seen = new Set<string>();
    const todo: Entry[] = [];
    for (const entry of Object.values(reg.entries)) {
      const id = JSON.stringify(entry);
      if (seen.has(id) || order(entry) === Infinity) continue;
      seen.add(id);
      todo.push(entry);
    }
    todo.sort((a, b) => order(a) - order(b) || a[1] - b[1]);
    let drawn = 0;
    for (const entry of todo) {
      signal.throwIfAborted();
      const hashes = entryHashes(entry);
      const stored = await Promise.all(hashes.map((h) => this.ctx.media.exists(imageKeyOf(h, PAGE_SIZE_PX))));
      if (stored.every(Boolean)) continue;
      await this.draw(hashes[0]!, { requester: AHEAD_REQUESTER, signal, ahead: true });
      drawn++;
    }
    return drawn;
  }
}

/** A client may have this many drawings waiting; a reader scrolling a chapter asks for a few at a time. */
export const MAX_WAITING_PER_CLIENT = 8;
/**
 * Drawings waiting for all clients together: about four seconds of work on two cores (a picture takes
 * 50–100 ms). Past it a new picture is answered 503 at once rather than after minutes in line.
 */
export const MAX_WAITING_DRAWINGS = 128;
/** Chapters of each book whose pages are drawn ahead of demand (a book's start is read most). */
export const DRAW_AHEAD_CHAPTERS = 1;
/** The draw-ahead job's place in the queue's turns (no address looks like this). */
const AHEAD_REQUESTER = '(ahead)';

/** Whether this store holds a demo catalogue's recipes (the demo seed ran here). */
export const hasDemoRecipes = (ctx: MediaCtx) => ctx.media.exists(DEMO_RECIPES_KEY);
