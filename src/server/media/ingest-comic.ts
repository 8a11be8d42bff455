import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { FREE_CHAPTER_COUNT, PublishStatus } from '../../contract/index.js';
import type { Ctx } from '../context.js';
import { nowIso } from '../db/portable.js';
import type { CatalogueStore } from '../ports/catalogue-store.js';
import { storeChapterPage, storeImage, type StoredPage } from './images.js';

/**
 * One comic folder = one book: optional book.json, optional cover.* / hori.* pictures, and one
 * sub-folder per chapter (name order) holding its pages (name order, jpg/png/webp). Running it again
 * on the same folder adds the chapters that are new (a serialised comic grows); existing ones stay.
 */

export const BookJson = z.object({
  title: z.string().trim().min(1).max(100).optional(),
  author: z.string().trim().max(50).default('佚名'),
  category: z.string().trim().min(1).max(20).optional(),
  abstract: z.string().max(2000).default(''),
  /** Coins per chapter from chapter FREE_CHAPTER_COUNT + 1 on (the first chapters are free). */
  price: z.number().int().min(0).max(100_000).default(30),
  freeChapters: z.number().int().min(0).default(FREE_CHAPTER_COUNT),
  publishStatus: PublishStatus.default('serialize'),
  vipFree: z.boolean().default(true),
  splitCount: z.number().int().min(1).max(4).default(1),
});
export type BookJson = z.infer<typeof BookJson>;

const PICTURE = /\.(jpe?g|png|webp)$/i;
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export interface ComicProgress {
  chapter: number;
  chapters: number;
  page: number;
  pages: number;
}
export interface ComicResult {
  bookId: number;
  created: boolean;
  chaptersAdded: number;
  pagesAdded: number;
}

/** '03 - 初遇' → '初遇'; a name with nothing after its number becomes 第n话. */
export function chapterTitle(folder: string, number: number): string {
  const t = folder.replace(/^[\d\s._-]+/, '').trim();
  return t || `第${number}话`;
}

async function pictures(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((f) => PICTURE.test(f) && !f.startsWith('.')).sort(byName);
  return names.map((n) => join(dir, n));
}

async function findPicture(dir: string, stems: string[]): Promise<string | null> {
  for (const f of (await readdir(dir)).sort(byName)) {
    if (PICTURE.test(f) && stems.includes(basename(f, extname(f)).toLowerCase())) return join(dir, f);
  }
  return null;
}

async function crop(file: string, width: number, height: number): Promise<Buffer> {
  return sharp(await readFile(file))
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'top' })
    .png({ compressionLevel: 2 })
    .toBuffer();
}

export async function ingestComicFolder(
  ctx: Ctx,
  folder: string,
  opts: { splitCount?: number; onProgress?: (p: ComicProgress) => void } = {},
): Promise<ComicResult> {
  const jsonPath = join(folder, 'book.json');
  let raw: unknown = {};
  try {
    raw = JSON.parse(await readFile(jsonPath, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`${jsonPath}: ${(err as Error).message}`);
  }
  const parsed = BookJson.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `${jsonPath}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const meta = parsed.data;
  const title = meta.title ?? basename(folder);
  const splitCount = opts.splitCount ?? meta.splitCount;

  const chapterDirs: string[] = [];
  for (const f of (await readdir(folder)).sort(byName)) {
    if (!f.startsWith('.') && (await stat(join(folder, f))).isDirectory()) chapterDirs.push(f);
  }
  if (chapterDirs.length === 0) throw new Error(`${folder}: no chapter folders`);

  const existing = await ctx.catalogue.findBook(title, meta.author);
  const have = existing?.lastChapterNumber ?? 0;
  const todo = chapterDirs.map((dir, i) => ({ dir, number: i + 1 })).filter((c) => c.number > have);

  // Pictures first (idempotent, content-addressed), then every row in one transaction.
  const chapters: { number: number; title: string; coverHash: string; pages: StoredPage[] }[] = [];
  for (const [ci, c] of todo.entries()) {
    const files = await pictures(join(folder, c.dir));
    if (files.length === 0) throw new Error(`${join(folder, c.dir)}: no pictures (jpg, png, webp)`);
    const pages: StoredPage[] = [];
    for (const [pi, f] of files.entries()) {
      opts.onProgress?.({ chapter: ci + 1, chapters: todo.length, page: pi + 1, pages: files.length });
      pages.push(await storeChapterPage(ctx, await readFile(f), splitCount));
    }
    const coverHash = await storeImage(ctx, await crop(files[0]!, 400, 300));
    chapters.push({ number: c.number, title: chapterTitle(c.dir, c.number), coverHash, pages });
  }

  let coverHash = '';
  let horiHash = '';
  if (!existing) {
    const firstPage = (await pictures(join(folder, chapterDirs[0]!)))[0]!;
    const coverFile = (await findPicture(folder, ['cover'])) ?? firstPage;
    const horiFile = (await findPicture(folder, ['hori', 'horicover', 'cover_h'])) ?? coverFile;
    coverHash = await storeImage(ctx, await crop(coverFile, 600, 800));
    horiHash = await storeImage(ctx, await crop(horiFile, 800, 450));
  }

  const now = nowIso();
  const rows = chapters.map((ch) => ({
    number: ch.number,
    title: ch.title,
    coverHash: ch.coverHash,
    price: ch.number <= meta.freeChapters ? 0 : meta.price,
    splitCount,
    updatedAt: now,
    pages: ch.pages,
  }));
  const bookId = await ctx.catalogue.transaction(async (tx) => {
    if (!existing) {
      return tx.createBook({
        title,
        author: meta.author,
        summary: meta.abstract,
        coverHash,
        horiCoverHash: horiHash,
        categoryId: await categoryFor(tx, meta.category),
        publishStatus: meta.publishStatus,
        vipFree: meta.vipFree,
        createdAt: now,
        updatedAt: now,
        chapters: rows,
      });
    }
    await tx.addChapters(existing.id, rows);
    // New chapters bring the book up the lists of recent updates.
    if (rows.length > 0) await tx.updateBook(existing.id, { updatedAt: now });
    return existing.id;
  });
  return {
    bookId,
    created: !existing,
    chaptersAdded: chapters.length,
    pagesAdded: chapters.reduce((s, c) => s + c.pages.length, 0),
  };
}

/** The category named in book.json (made after the others when new), else the first one (or 综合). */
async function categoryFor(store: CatalogueStore, name: string | undefined): Promise<number> {
  const categories = await store.listCategories();
  if (name) {
    const found = categories.find((c) => c.name === name);
    if (found) return found.id;
    const last = categories.length ? Math.max(...categories.map((c) => c.sort)) : 0;
    return store.createCategory({ name, sort: last + 1 });
  }
  return categories[0]?.id ?? (await store.createCategory({ name: '综合', sort: 1 }));
}
