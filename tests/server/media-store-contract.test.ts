import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { FsMediaStore } from '../../src/server/infra/media/fs-media-store.js';
import { MediaKeyError } from '../../src/server/infra/media/key-rules.js';
import { S3MediaStore } from '../../src/server/infra/media/s3-media-store.js';
import type { MediaStore } from '../../src/server/ports/media-store.js';
import { startS3Server, type TestS3Server } from './helpers/s3-server.js';

/**
 * The MediaStore port's promises (ports/media-store.ts), held by every adapter alike: the file-system
 * store and the S3 store (against a local S3 server). What only one adapter does (the file layout,
 * multipart uploads, listing pages) is tested beside it.
 */

interface Adapter {
  name: string;
  setup(): Promise<void>;
  /** A fresh, empty store. */
  make(): Promise<MediaStore>;
  teardown(): Promise<void>;
}

let s3: TestS3Server;
let s3Stores: S3MediaStore[] = [];
let buckets = 0;

const fsAdapter = (() => {
  let dirs: string[] = [];
  return {
    name: 'file system',
    async setup() {},
    async make() {
      const dir = mkdtempSync(join(tmpdir(), 'inkreel-contract-'));
      dirs.push(dir);
      return new FsMediaStore(join(dir, 'media'));
    },
    async teardown() {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      dirs = [];
    },
  } satisfies Adapter;
})();

const s3Adapter: Adapter = {
  name: 'S3',
  async setup() {
    s3 = await startS3Server();
  },
  async make() {
    // Each test its own bucket (made here: the store never makes one), so each starts empty.
    const bucket = `contract-${++buckets}`;
    const admin = new S3Client({
      endpoint: s3.settings.endpoint,
      region: s3.settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    admin.destroy();
    // Two keys a page: every listing of more than two crosses pages.
    const store = new S3MediaStore({ ...s3.settings, bucket }, { listPageSize: 2 });
    s3Stores.push(store);
    return store;
  },
  async teardown() {
    for (const s of s3Stores) s.destroy();
    s3Stores = [];
    await s3.stop();
  },
};

const all = async (it: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const k of it) out.push(k);
  return out.sort();
};
const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));
/** Waits for `ready` (the machine may be busy). */
async function until(ready: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 1000 && !(await ready()); i++) await tick(10);
  expect(await ready()).toBe(true);
}

describe.each([fsAdapter, s3Adapter])('MediaStore contract: $name', (adapter) => {
  let store: MediaStore;
  beforeAll(() => adapter.setup());
  afterAll(() => adapter.teardown());
  beforeEach(async () => {
    store = await adapter.make();
  });

  const readText = async (key: string, range?: { start: number; end?: number }) => {
    const got = await store.read(key, range && { range });
    return got && { text: await text(got.body), range: got.range, size: got.info.size };
  };

  it('refuses keys that could leave the store or name what is not an object', async () => {
    for (const key of [
      '',
      '/etc/passwd',
      '../secret',
      'img/../x',
      'a//b',
      'a/',
      '.hidden',
      'img/a b',
      'a\\b',
    ]) {
      await expect(store.head(key), key).rejects.toThrow(MediaKeyError);
      await expect(store.read(key), key).rejects.toThrow(MediaKeyError);
      await expect(store.readAll(key), key).rejects.toThrow(MediaKeyError);
      await expect(store.exists(key), key).rejects.toThrow(MediaKeyError);
      await expect(store.write(key, 'x'), key).rejects.toThrow(MediaKeyError);
      await expect(store.delete(key), key).rejects.toThrow(MediaKeyError);
    }
    for (const prefix of ['../', '/img/', 'img/../', 'a//'])
      await expect(all(store.list(prefix)), prefix).rejects.toThrow(MediaKeyError);
  });

  it('answers null or false for a missing object', async () => {
    expect(await store.head('img/none.img')).toBeNull();
    expect(await store.read('img/none.img')).toBeNull();
    expect(await store.read('img/none.img', { range: { start: 0 } })).toBeNull();
    expect(await store.readAll('img/none.img')).toBeNull();
    expect(await store.exists('img/none.img')).toBe(false);
  });

  it('takes bytes, text and streams, and reports size and modification time', async () => {
    await store.write('a/b/c/bytes', new Uint8Array([1, 2, 3]));
    await store.write('a/b/text', 'héllo');
    await store.write('a/stream', Readable.from([Buffer.from('st'), Buffer.from('ream')]));
    expect(await store.readAll('a/b/c/bytes')).toEqual(Buffer.from([1, 2, 3]));
    expect((await store.readAll('a/b/text'))!.toString('utf8')).toBe('héllo');
    expect((await store.readAll('a/stream'))!.toString()).toBe('stream');
    await store.write('a/empty-stream', Readable.from([]));
    expect(await store.head('a/empty-stream')).toMatchObject({ size: 0 });
    const info = await store.head('a/b/text');
    expect(info).toMatchObject({ key: 'a/b/text', size: 6 });
    expect(info!.modifiedAt!.getTime()).toBeGreaterThan(Date.now() - 3_600_000);
    expect(await store.exists('a/stream')).toBe(true);
  });

  it('replaces an object whole: a reader sees the old bytes until the new ones are all written', async () => {
    await store.write('ads/a.mp4', 'old');
    const source = new PassThrough();
    const writing = store.write('ads/a.mp4', source);
    source.write('new-');
    // The writer has taken the first bytes (both adapters read their source as it comes).
    await until(() => source.readableLength === 0);
    expect(await store.readAll('ads/a.mp4')).toEqual(Buffer.from('old'));
    expect(await all(store.list('ads/'))).toEqual(['ads/a.mp4']);
    source.end('bytes');
    await writing;
    expect(await store.readAll('ads/a.mp4')).toEqual(Buffer.from('new-bytes'));
  });

  it('leaves the old object when a write fails midway, and passes on the source error', async () => {
    await store.write('ads/a.mp4', 'old');
    const failing = new Readable({
      read() {
        this.push('part');
        this.destroy(new Error('source broke'));
      },
    });
    await expect(store.write('ads/a.mp4', failing)).rejects.toThrow('source broke');
    expect(await store.readAll('ads/a.mp4')).toEqual(Buffer.from('old'));
    expect(await all(store.list('ads/'))).toEqual(['ads/a.mp4']);
  });

  describe('ranges', () => {
    const key = 'vod/k/v360/seg_000.ts';
    beforeEach(() => store.write(key, '0123456789'));

    it('streams the whole object or an inclusive range of it', async () => {
      expect(await readText(key)).toEqual({ text: '0123456789', range: undefined, size: 10 });
      expect(await readText(key, { start: 0, end: 0 })).toEqual({
        text: '0',
        range: { start: 0, end: 0 },
        size: 10,
      });
      expect(await readText(key, { start: 2, end: 5 })).toMatchObject({ text: '2345', size: 10 });
      expect(await readText(key, { start: 3 })).toMatchObject({
        text: '3456789',
        range: { start: 3, end: 9 },
      });
    });

    it('cuts an end past the object to its last byte', async () => {
      expect(await readText(key, { start: 8, end: 1000 })).toEqual({
        text: '89',
        range: { start: 8, end: 9 },
        size: 10,
      });
    });

    it('refuses a range that starts past the end, and malformed ranges, with RangeError', async () => {
      await expect(store.read(key, { range: { start: 10 } })).rejects.toThrow(RangeError);
      await expect(store.read(key, { range: { start: 10, end: 12 } })).rejects.toThrow(RangeError);
      for (const range of [{ start: -1 }, { start: 5, end: 4 }, { start: 1.5 }, { start: 0, end: NaN }])
        await expect(store.read(key, { range }), JSON.stringify(range)).rejects.toThrow(RangeError);
    });

    it('reads an empty object whole, and refuses any range of it', async () => {
      await store.write('demo/empty', '');
      expect(await readText('demo/empty')).toMatchObject({ text: '', size: 0 });
      expect(await store.readAll('demo/empty')).toEqual(Buffer.alloc(0));
      await expect(store.read('demo/empty', { range: { start: 0 } })).rejects.toThrow(RangeError);
    });

    it('stops reading when its signal aborts', async () => {
      await store.write('ads/big.mp4', Buffer.alloc(4 << 20, 1));
      const abort = new AbortController();
      const got = (await store.read('ads/big.mp4', { signal: abort.signal }))!;
      abort.abort();
      await expect(text(got.body)).rejects.toThrow(/abort/i);
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

    it('lists every key under a folder prefix, recursively, or under part of a name', async () => {
      expect(await all(store.list('vod/k/'))).toEqual([
        'vod/k/master.m3u8',
        'vod/k/v360/index.m3u8',
        'vod/k/v360/seg_000.ts',
      ]);
      expect(await all(store.list('vod/k'))).toHaveLength(4);
      expect(await all(store.list('img/ab'))).toEqual(['img/ab12_200_0.img']);
      expect(await all(store.list(''))).toHaveLength(6);
      expect(await all(store.list('nothing/here/'))).toEqual([]);
    });

    it('deletes an object; deleting a missing one is no error', async () => {
      await store.delete('vod/k/master.m3u8');
      expect(await store.exists('vod/k/master.m3u8')).toBe(false);
      expect(await store.head('vod/k/master.m3u8')).toBeNull();
      await store.delete('vod/k/master.m3u8');
      expect(await store.exists('vod/k/v360/seg_000.ts')).toBe(true);
      expect(await all(store.list('vod/k/'))).toHaveLength(2);
    });
  });

  describe('onMiss', () => {
    it('lets the handler of the longest matching prefix produce a missing object, then reads it', async () => {
      const calls: string[] = [];
      store.onMiss('img/', async (key) => {
        calls.push(`img:${key}`);
        await store.write(key, 'drawn');
        return true;
      });
      store.onMiss('img/special_', async (key) => {
        calls.push(`special:${key}`);
        return false;
      });
      expect(await readText('img/a_200_0.img')).toMatchObject({ text: 'drawn' });
      expect(await readText('img/special_1')).toBeNull();
      expect(await store.readAll('img/b_200_0.img')).toEqual(Buffer.from('drawn'));
      expect(await store.head('img/c_200_0.img')).toMatchObject({ size: 5 });
      expect(await readText('img/e_200_0.img', { start: 1, end: 2 })).toMatchObject({ text: 'ra' });
      // Present objects and other prefixes never call a handler; exists never does.
      await store.head('img/a_200_0.img');
      expect(await store.head('vod/k/master.m3u8')).toBeNull();
      expect(await store.exists('img/d_200_0.img')).toBe(false);
      expect(calls).toEqual([
        'img:img/a_200_0.img',
        'special:img/special_1',
        'img:img/b_200_0.img',
        'img:img/c_200_0.img',
        'img:img/e_200_0.img',
      ]);
    });

    it('shares one call among concurrent misses of a key', async () => {
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
      await until(() => calls === 1);
      // Every caller has missed by now (each looked before waiting); release the one production.
      await tick(100);
      release();
      expect((await readers).map((r) => r?.text)).toEqual(Array(5).fill('drawn 1'));
      const [head, bytes] = await others;
      expect(head?.size).toBe(7);
      expect(bytes?.toString()).toBe('drawn 1');
      expect(calls).toBe(1);
    });

    it('passes on a handler error to every waiting caller', async () => {
      store.onMiss('img/', async () => {
        await tick();
        throw new Error('cannot draw');
      });
      await expect(store.read('img/z_200_0.img')).rejects.toThrow('cannot draw');
      await expect(store.head('img/z_200_0.img')).rejects.toThrow('cannot draw');
    });
  });
});

describe('S3 store: what only the S3 adapter does', () => {
  let server: TestS3Server;
  let store: S3MediaStore;
  beforeAll(async () => {
    server = await startS3Server();
    store = new S3MediaStore(server.settings, { listPageSize: 3 });
  });
  afterAll(async () => {
    store.destroy();
    await server.stop();
  });

  it('stores a stream larger than an upload part, the bytes intact (the parts: s3-requests.test.ts)', async () => {
    const big = Buffer.alloc(9 << 20);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32BE(i, i);
    const chunks = Array.from({ length: 9 }, (_, i) => big.subarray(i << 20, (i + 1) << 20));
    await store.write('vod/big/v720/seg_000.ts', Readable.from(chunks));
    const info = await store.head('vod/big/v720/seg_000.ts');
    expect(info?.size).toBe(big.length);
    const back = await store.readAll('vod/big/v720/seg_000.ts');
    expect(createHash('sha256').update(back!).digest('hex')).toBe(
      createHash('sha256').update(big).digest('hex'),
    );
    const part = await store.read('vod/big/v720/seg_000.ts', {
      range: { start: 8 << 20, end: (8 << 20) + 9 },
    });
    expect(
      Buffer.from(await new Response(Readable.toWeb(part!.body) as ReadableStream).arrayBuffer()),
    ).toEqual(big.subarray(8 << 20, (8 << 20) + 10));
  });

  it('lists across pages, and gives the content type of each kind of key to the bucket', async () => {
    const keys = [
      'vod/p/master.m3u8',
      'vod/p/v360/seg_000.ts',
      'vod/p/subs/zh.vtt',
      'ads/x.mp4',
      'img/aa_200_0.img',
    ];
    for (const k of keys) await store.write(k, 'x');
    for (let i = 0; i < 7; i++) await store.write(`pages/p${i}_1.json`, '{}');
    expect(await all(store.list('pages/'))).toHaveLength(7);
    const res = await fetch(`${server.settings.endpoint}/${server.settings.bucket}/vod/p/master.m3u8`);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    for (const [k, type] of [
      ['vod/p/v360/seg_000.ts', 'video/mp2t'],
      ['ads/x.mp4', 'video/mp4'],
      ['img/aa_200_0.img', 'application/octet-stream'],
      ['pages/p0_1.json', 'application/json'],
    ]) {
      const r = await fetch(`${server.settings.endpoint}/${server.settings.bucket}/${k}`);
      expect(r.headers.get('content-type'), k).toBe(type);
    }
  });
});
