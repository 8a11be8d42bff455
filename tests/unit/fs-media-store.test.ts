import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsMediaStore } from '../../src/server/infra/media/fs-media-store.js';
import { MediaKeyError } from '../../src/server/infra/media/key-rules.js';

/**
 * The file-system MediaStore (src/server/infra/media): what only it does — keys, layout on disk, atomic
 * writes, hidden names, a read that outlives a replacing write, a miss call shared and aborted. What every
 * store promises (ranges, lists, misses) runs against both adapters in tests/server/media-store-contract.
 */
let base: string;
let root: string;
let store: FsMediaStore;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'inkreel-store-'));
  root = join(base, 'media');
  store = new FsMediaStore(root);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const all = async (it: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const k of it) out.push(k);
  return out.sort();
};
const readText = async (key: string, range?: { start: number; end?: number }) => {
  const got = await store.read(key, range && { range });
  return got && { text: await text(got.body), range: got.range, size: got.info.size };
};
const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));
/** Waits for `ready` (the machine may be busy), then a little longer for the stragglers. */
async function settle(ready: () => boolean) {
  for (let i = 0; i < 400 && !ready(); i++) await tick();
  expect(ready()).toBe(true);
  await tick(50);
}

describe('keys', () => {
  const BAD = [
    '',
    '/etc/passwd',
    '../secret',
    'img/../../secret',
    'img/..',
    'a/./b',
    '.',
    'a//b',
    'a/',
    'img\\..\\secret',
    'img/a\0.img',
    '.hidden',
    'img/.a.img.123.tmp',
    'C:/windows',
    'img/a b',
    'img/%2e%2e',
    'x'.repeat(513),
  ];

  it('refuses traversal, absolute paths, backslashes, NUL, hidden names and odd characters everywhere', async () => {
    writeFileSync(join(base, 'secret'), 'SECRET');
    for (const key of BAD) {
      await expect(store.head(key), key).rejects.toThrow(MediaKeyError);
      await expect(store.read(key), key).rejects.toThrow(MediaKeyError);
      await expect(store.readAll(key), key).rejects.toThrow(MediaKeyError);
      await expect(store.exists(key), key).rejects.toThrow(MediaKeyError);
      await expect(store.write(key, 'x'), key).rejects.toThrow(MediaKeyError);
      await expect(store.delete(key), key).rejects.toThrow(MediaKeyError);
    }
    // Nothing was written or removed outside (or inside) the root.
    expect(readFileSync(join(base, 'secret'), 'utf8')).toBe('SECRET');
    expect(readdirSync(base)).toEqual(['secret']);
  });

  it('refuses bad prefixes for list and onMiss, and accepts partial names', async () => {
    for (const prefix of ['../', '/img/', 'img/../', 'a\\b', 'img/.', 'a//']) {
      await expect(all(store.list(prefix)), prefix).rejects.toThrow(MediaKeyError);
      expect(() => store.onMiss(prefix, async () => false), prefix).toThrow(MediaKeyError);
    }
    expect(await all(store.list('img/ab'))).toEqual([]);
    expect(await all(store.list(''))).toEqual([]);
  });
});

describe('layout', () => {
  it('keeps an object at {root}/{key}, so data dirs written before the store read as they are', async () => {
    await store.write('img/abcd_200_0.img', 'sealed');
    expect(readFileSync(join(root, 'img', 'abcd_200_0.img'), 'utf8')).toBe('sealed');
    mkdirSync(join(root, 'vod', 'old', 'v360'), { recursive: true });
    writeFileSync(join(root, 'vod', 'old', 'v360', 'seg_000.ts'), 'SEG');
    expect(await store.readAll('vod/old/v360/seg_000.ts')).toEqual(Buffer.from('SEG'));
    expect(await store.head('vod/old/v360/seg_000.ts')).toMatchObject({
      key: 'vod/old/v360/seg_000.ts',
      size: 3,
    });
  });

  it('answers null or false for a missing object, and for a folder', async () => {
    await store.write('vod/k/master.m3u8', '#EXTM3U');
    for (const key of ['img/none.img', 'vod/k', 'vod/k/master.m3u8/x']) {
      expect(await store.head(key), key).toBeNull();
      expect(await store.read(key), key).toBeNull();
      expect(await store.readAll(key), key).toBeNull();
      expect(await store.exists(key), key).toBe(false);
    }
  });
});

describe('write', () => {
  it('replaces an object whole: a reader sees the old bytes until the new ones are all written', async () => {
    await store.write('ads/a.mp4', 'old');
    const source = new PassThrough();
    const writing = store.write('ads/a.mp4', source);
    source.write('new-');
    const temps = () => readdirSync(join(root, 'ads')).filter((n) => n.startsWith('.'));
    await settle(() => temps().length === 1);
    expect(await store.readAll('ads/a.mp4')).toEqual(Buffer.from('old'));
    // The half-written temp file is hidden: no key names it and list skips it.
    expect(await all(store.list('ads/'))).toEqual(['ads/a.mp4']);
    source.end('bytes');
    await writing;
    expect(await store.readAll('ads/a.mp4')).toEqual(Buffer.from('new-bytes'));
    expect(readdirSync(join(root, 'ads'))).toEqual(['a.mp4']);
  });

  it('leaves the old object and no temp file when a write fails midway', async () => {
    await store.write('ads/a.mp4', 'old');
    const failing = new Readable({
      read() {
        this.push('part');
        this.destroy(new Error('source broke'));
      },
    });
    await expect(store.write('ads/a.mp4', failing)).rejects.toThrow('source broke');
    expect(await store.readAll('ads/a.mp4')).toEqual(Buffer.from('old'));
    expect(readdirSync(join(root, 'ads'))).toEqual(['a.mp4']);
  });

  it('takes bytes, text and streams, creating folders as needed', async () => {
    await store.write('a/b/c/bytes', new Uint8Array([1, 2, 3]));
    await store.write('a/b/text', 'héllo');
    await store.write('a/stream', Readable.from([Buffer.from('st'), Buffer.from('ream')]));
    expect(await store.readAll('a/b/c/bytes')).toEqual(Buffer.from([1, 2, 3]));
    expect((await store.readAll('a/b/text'))!.toString('utf8')).toBe('héllo');
    expect((await store.readAll('a/stream'))!.toString()).toBe('stream');
  });
});

describe('read with ranges', () => {
  beforeEach(() => store.write('vod/k/v360/seg_000.ts', '0123456789'));
  const key = 'vod/k/v360/seg_000.ts';

  it('keeps serving the bytes it opened when a write replaces the object meanwhile', async () => {
    const got = (await store.read(key))!;
    await store.write(key, 'replaced!!!!!!!!');
    expect(await text(got.body)).toBe('0123456789');
  });
});

describe('list, delete, exists', () => {
  beforeEach(async () => {
    for (const k of [
      'vod/k/master.m3u8',
      'vod/k/v360/index.m3u8',
      'vod/k/v360/seg_000.ts',
      'vod/k2/master.m3u8',
    ])
      await store.write(k, k);
    await store.write('img/ab12_200_0.img', 'i');
    await store.write('img/cd34_200_0.img', 'i');
  });

  it('skips hidden names (temp files, old work folders) when listing', async () => {
    mkdirSync(join(root, 'vod', '.tmp-k-1234', 'v360'), { recursive: true });
    writeFileSync(join(root, 'vod', '.tmp-k-1234', 'v360', 'seg_000.ts'), 'x');
    writeFileSync(join(root, 'img', '.ab12_200_0.img.1.abcd.tmp'), 'x');
    expect(await all(store.list('vod/'))).toHaveLength(4);
    expect(await all(store.list('img/'))).toHaveLength(2);
  });

  it('deletes an object; a missing one or a folder is no error and stays as it was', async () => {
    await store.delete('vod/k/master.m3u8');
    expect(await store.exists('vod/k/master.m3u8')).toBe(false);
    expect(existsSync(join(root, 'vod', 'k', 'master.m3u8'))).toBe(false);
    await store.delete('vod/k/master.m3u8');
    await store.delete('vod/k/v360');
    expect(await store.exists('vod/k/v360/seg_000.ts')).toBe(true);
  });
});

describe('onMiss', () => {
  it('refuses a second handler for the same prefix', () => {
    store.onMiss('img/', async () => false);
    expect(() => store.onMiss('img/', async () => false)).toThrow(/already registered/);
  });

  it('shares one call among concurrent misses of a key; a later miss calls again', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    store.onMiss('img/', async (key) => {
      calls++;
      await gate;
      await store.write(key, `drawn ${calls}`);
      return true;
    });
    const readers = Promise.all(Array.from({ length: 5 }, () => readText('img/x_200_0.img')));
    const others = Promise.all([store.head('img/x_200_0.img'), store.readAll('img/x_200_0.img')]);
    const other = readText('img/y_200_0.img');
    await settle(() => calls === 2);
    release();
    const results = await readers;
    expect(results.map((r) => r?.text)).toEqual(Array(5).fill('drawn 2'));
    const [head, bytes] = await others;
    expect(head?.size).toBe(7);
    expect(bytes?.toString()).toBe('drawn 2');
    expect(calls).toBe(2); // x once (seven callers), y once
    expect((await other)?.text).toBe('drawn 2');
    await store.delete('img/x_200_0.img');
    expect((await readText('img/x_200_0.img'))?.text).toBe('drawn 3');
    expect(calls).toBe(3);
  });

  it('aborts the shared call only when every caller waiting on it went away', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const seen = () => signals.at(-1);
    let release!: () => void;
    let gate = new Promise<void>((r) => (release = r));
    store.onMiss('img/', async (key, { signal }) => {
      signals.push(signal);
      await gate;
      if (signal?.aborted) return false;
      await store.write(key, 'drawn');
      return true;
    });
    const a = new AbortController();
    const b = new AbortController();
    const first = store.read('img/q_200_0.img', { signal: a.signal });
    const second = store.head('img/q_200_0.img', { signal: b.signal });
    await settle(() => signals.length === 1);
    a.abort();
    await expect(first).rejects.toThrow();
    expect(seen()?.aborted).toBe(false);
    b.abort();
    await expect(second).rejects.toThrow();
    expect(seen()?.aborted).toBe(true);
    release();

    // A caller without a signal keeps the call going whatever the others do.
    gate = new Promise<void>((r) => (release = r));
    const c = new AbortController();
    const patient = store.readAll('img/r_200_0.img');
    const impatient = store.head('img/r_200_0.img', { signal: c.signal });
    await settle(() => signals.length === 2);
    c.abort();
    await expect(impatient).rejects.toThrow();
    expect(seen()?.aborted).toBe(false);
    release();
    expect(await patient).toEqual(Buffer.from('drawn'));
  });

  it('does not call the handler for a caller whose signal already aborted', async () => {
    let calls = 0;
    store.onMiss('img/', async () => {
      calls++;
      return false;
    });
    await expect(store.head('img/s_200_0.img', { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(calls).toBe(0);
  });
});
