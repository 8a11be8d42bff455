import type { Stats } from 'node:fs';
import { open, readFile, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type {
  ByteRange,
  MediaObjectInfo,
  MediaRead,
  MediaStore,
  MediaAsk,
  MissHandler,
} from '../../ports/media-store.js';
import { assertMediaKey, assertMediaPrefix } from './key-rules.js';
import { MissHandlers } from './miss-handlers.js';
import { assertByteRange, servedRange } from './range-rules.js';
import { writeFileAtomic } from '../../media/files.js';

/** Where the file-system store keeps its objects: the media folder of DATA_DIR, as before the store. */
export const fsMediaRoot = (dataDir: string) => join(dataDir, 'media');

/** A missing object (or a folder where a key expects a file) reads as "no such object". */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isMissing = (err: unknown) => MISSING.has((err as NodeJS.ErrnoException).code ?? '');

const infoOf = (key: string, s: Stats): MediaObjectInfo => ({ key, size: s.size, modifiedAt: s.mtime });

/**
 * The media store on a local disk: the object of key K is the file {root}/K (media/keys.ts lists the
 * namespaces), so a data dir written before the store existed is read as it is. Writes go to a hidden
 * temporary file beside the target and are renamed over it: a reader sees the old file or the new one
 * whole, and a crash leaves at most a hidden file that no key can name and `list` skips.
 */
export class FsMediaStore implements MediaStore {
  private readonly misses = new MissHandlers();

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertMediaKey(key);
    return join(this.root, ...key.split('/'));
  }

  private async statFile(path: string): Promise<Stats | null> {
    try {
      const s = await stat(path);
      return s.isFile() ? s : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async head(key: string, opts: MediaAsk = {}): Promise<MediaObjectInfo | null> {
    const path = this.path(key);
    const s = await this.misses.lookOrProduce(key, opts, () => this.statFile(path));
    return s && infoOf(key, s);
  }

  async read(key: string, opts: MediaAsk & { range?: ByteRange } = {}): Promise<MediaRead | null> {
    const path = this.path(key);
    const { range, signal } = opts;
    if (range) assertByteRange(range);
    return this.misses.lookOrProduce(key, opts, async () => {
      // Opened before it is measured: the size and the bytes are of the same file even if a write
      // renames a new one over it meanwhile.
      let handle;
      try {
        handle = await open(path, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      try {
        const s = await handle.stat();
        if (!s.isFile()) {
          await handle.close();
          return null;
        }
        const info = infoOf(key, s);
        const served = range && servedRange(range, s.size);
        const body = handle.createReadStream({ start: served?.start, end: served?.end, signal });
        return { info, body, ...(served ? { range: served } : {}) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    });
  }

  async readAll(key: string): Promise<Buffer | null> {
    const path = this.path(key);
    return this.misses.lookOrProduce(key, {}, async () => {
      try {
        return await readFile(path);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    });
  }

  async write(key: string, data: Uint8Array | string | Readable): Promise<void> {
    await writeFileAtomic(this.path(key), data);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.statFile(this.path(key))) !== null;
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.path(key));
    } catch (err) {
      // A folder is no object: deleting "it" leaves it alone, like a key that is not there.
      if (!isMissing(err) && (err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertMediaPrefix(prefix);
    const cut = prefix.lastIndexOf('/');
    const folder = prefix.slice(0, cut + 1);
    const start = prefix.slice(cut + 1);
    yield* this.walk(folder, (name) => name.startsWith(start));
  }

  private async *walk(folder: string, keep: (name: string) => boolean): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(join(this.root, ...folder.split('/')), { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const e of entries) {
      // Hidden names are temporary files and work folders (no key can name them).
      if (e.name.startsWith('.') || !keep(e.name)) continue;
      if (e.isDirectory()) yield* this.walk(`${folder}${e.name}/`, () => true);
      else if (e.isFile()) yield `${folder}${e.name}`;
    }
  }

  onMiss(prefix: string, handler: MissHandler): void {
    this.misses.add(prefix, handler);
  }
}
