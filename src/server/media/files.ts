import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Ctx } from '../context.js';

/** What the media pipeline needs from the server context: no database, so the CLI and seed can use it too. */
export type MediaCtx = Pick<Ctx, 'config' | 'imageKey'>;

/** A video's media key: the name of its folder under DATA_DIR/media/vod (and a path segment of its URLs). */
export const MEDIA_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const mediaDir = (ctx: MediaCtx, ...parts: string[]) => join(ctx.config.dataDir, 'media', ...parts);

export async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes through a temp file and a rename, so a reader (or a crash mid-write) never sees half a file;
 * two processes writing the same content-addressed file both end with a whole file.
 */
export async function writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
