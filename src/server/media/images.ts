import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { IMAGE_SIZES, PAGE_SIZE_PX, encryptImage, type ImageSize } from '../../contract/index.js';
import { exists, mediaDir, writeAtomic, type MediaCtx } from './files.js';

export type { MediaCtx } from './files.js';

export interface StoreImageOptions {
  /** Sizes to produce; all of IMAGE_SIZES by default (every served URL must resolve). */
  sizes?: readonly ImageSize[];
  /** WebP quality (1–100). */
  quality?: number;
}

export const WEBP_QUALITY = 78;
/** Sources larger than this (pixels) are refused: a decompression bomb would stall the pipeline. */
const MAX_INPUT_PIXELS = 40_000_000;

export const imageHash = (input: Uint8Array) => createHash('sha256').update(input).digest('hex').slice(0, 32);
export const imageFile = (ctx: MediaCtx, hash: string, size: ImageSize) =>
  mediaDir(ctx, 'img', `${hash}_${size}_0.img`);

/**
 * Stores one picture: WebP at each width of IMAGE_SIZES (never upscaled), AES-GCM encrypted with the
 * image key, under DATA_DIR/media/img/{hash}_{size}_0.img. The hash is of the source bytes, so storing
 * the same picture again costs a few stat calls.
 */
export async function storeImage(ctx: MediaCtx, input: Buffer, opts: StoreImageOptions = {}): Promise<string> {
  const hash = imageHash(input);
  const sizes = opts.sizes ?? IMAGE_SIZES;
  const missing: ImageSize[] = [];
  for (const size of sizes) if (!(await exists(imageFile(ctx, hash, size)))) missing.push(size);
  if (missing.length === 0) return hash;

  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  await Promise.all(
    missing.map(async (size) => {
      const webp = await base
        .clone()
        .resize({ width: size, withoutEnlargement: true })
        .webp({ quality: opts.quality ?? WEBP_QUALITY })
        .toBuffer();
      const sealed = await encryptImage(ctx.imageKey, new Uint8Array(webp));
      await writeAtomic(imageFile(ctx, hash, size), sealed);
    }),
  );
  return hash;
}

export interface StoredPage {
  /** Size of the whole page as displayed at PAGE_SIZE_PX (500) wide: the reader reserves this box. */
  width: number;
  height: number;
  /** Image hashes of the vertical strips, left to right. */
  parts: string[];
}

/**
 * Stores one chapter page split into `splitCount` equal-width vertical strips (the reader lays them
 * side by side, each 100/count % wide). A small manifest keyed by the source hash makes a repeat free.
 */
export async function storeChapterPage(ctx: MediaCtx, input: Buffer, splitCount: number): Promise<StoredPage> {
  if (!Number.isInteger(splitCount) || splitCount < 1 || splitCount > 4) {
    throw new RangeError('splitCount must be an integer from 1 to 4');
  }
  const manifest = mediaDir(ctx, 'pages', `${imageHash(input)}_${splitCount}.json`);
  if (await exists(manifest)) {
    const saved = JSON.parse(await readFile(manifest, 'utf8')) as StoredPage;
    if (await allStored(ctx, saved.parts)) return saved;
  }

  // Decode once (auto-oriented) to raw pixels; cutting raw pixels is cheaper than re-decoding per strip.
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const page: StoredPage = {
    width: PAGE_SIZE_PX,
    height: Math.max(1, Math.round((info.height * PAGE_SIZE_PX) / info.width)),
    parts: [],
  };
  if (splitCount === 1) {
    page.parts.push(await storeImage(ctx, input));
  } else {
    for (let i = 0; i < splitCount; i++) {
      const left = Math.floor((i * info.width) / splitCount);
      const right = Math.floor(((i + 1) * info.width) / splitCount);
      const strip = await sharp(data, { raw })
        .extract({ left, top: 0, width: Math.max(1, right - left), height: info.height })
        .png({ compressionLevel: 1 })
        .toBuffer();
      page.parts.push(await storeImage(ctx, strip));
    }
  }
  await writeAtomic(manifest, JSON.stringify(page));
  return page;
}

async function allStored(ctx: MediaCtx, hashes: string[]): Promise<boolean> {
  for (const h of hashes) {
    for (const size of IMAGE_SIZES) if (!(await exists(imageFile(ctx, h, size)))) return false;
  }
  return true;
}
