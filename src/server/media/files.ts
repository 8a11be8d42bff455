import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Ctx } from '../context.js';

/**
 * What the media pipeline needs from the server context: no database, so the CLI and seed can use it
 * too. Its outputs go to `media` (by content key, media/keys.ts); local files are scratch only.
 */
export type MediaCtx = Pick<Ctx, 'config' | 'imageKey' | 'media'>;

export { MEDIA_KEY_PATTERN } from './keys.js';

/** Whether a local file exists: scratch work, fonts and caches, never the media store's objects. */
export async function fileExists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a local file (a cache beside the store) through a temp file and a rename, so a reader in
 * another process never sees half a file.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string | Readable): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  // Hidden beside its target: a listing (the media store's list) never shows half-written files.
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    if (data instanceof Readable) await pipeline(data, createWriteStream(tmp));
    else await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
