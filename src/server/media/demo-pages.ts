import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { PAGE_SIZE_PX } from '../../contract/index.js';
import type { BookStory } from '../demo/story.js';
import { renderDemoHoriCover } from './demo-art.js';
import { PAGE_ART_SIZE_PX, renderChapterThumb, renderComicPage } from './demo-comic.js';
import { mediaDir, writeAtomic, type MediaCtx } from './files.js';
import { imageHash, writeVariants, type StoredPage } from './images.js';

/**
 * Demo pictures drawn when first asked for. The demo books have about 12,700 pages, each its own
 * drawing: far more than a first start can draw (about 50 ms each on an idle core), so the seed stores
 * each page's recipe under the hash its image will have, and the image route draws a missing picture
 * from its recipe on first request (then it is a file like any other). The names are kept in the
 * catalogue and the registry, so they hold across restarts.
 *
 * A page's name is salted with a secret of this seed: the recipe's inputs (the stories, the generator)
 * are public code, and the image route serves any name it knows, so an unsalted name would let anyone
 * fetch a locked chapter's pages without buying it.
 */

/** Bump when the drawing changes: every demo picture then gets a new name. */
export const DEMO_ART_VERSION = 'comic-v2';

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

const registryFile = (ctx: MediaCtx) => mediaDir(ctx, 'demo', 'recipes.json');

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
    await writeAtomic(registryFile(ctx), JSON.stringify(reg));
  }
}

let loaded: { file: string; mtimeMs: number; reg: Registry } | null = null;

async function registry(ctx: MediaCtx): Promise<Registry | null> {
  const file = registryFile(ctx);
  let mtimeMs: number;
  try {
    mtimeMs = (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
  if (loaded?.file !== file || loaded.mtimeMs !== mtimeMs) {
    loaded = { file, mtimeMs, reg: JSON.parse(await readFile(file, 'utf8')) as Registry };
  }
  return loaded.reg;
}

/** Two drawings at a time (one per core); a picture asked for twice is drawn once. */
const running = new Map<string, Promise<void>>();
let active = 0;
const waiting: (() => void)[] = [];
async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (active >= 2) await new Promise<void>((r) => waiting.push(r));
  active++;
  try {
    return await fn();
  } finally {
    active--;
    waiting.shift()?.();
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

/**
 * Draws the demo picture named `hash` if the seed left a recipe for it. Resolves true when its files
 * are now on disk, false when there is no such recipe.
 */
export async function drawDemoImage(ctx: MediaCtx, hash: string): Promise<boolean> {
  const reg = await registry(ctx);
  const entry = reg?.entries[hash];
  if (!reg || !entry) return false;
  const key = `${ctx.config.dataDir}/${JSON.stringify(entry)}`;
  let job = running.get(key);
  if (!job) {
    job = slot(() => draw(ctx, reg, entry)).finally(() => running.delete(key));
    running.set(key, job);
  }
  await job;
  return true;
}

/** Whether this DATA_DIR holds a demo catalogue's recipes (the demo seed ran here). */
export const hasDemoRecipes = (ctx: MediaCtx) =>
  stat(registryFile(ctx)).then(
    () => true,
    () => false,
  );
