import Dexie from 'dexie';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_KEY,
  DownloadText,
  downloadedChapterPath,
  encryptImage,
  importImageKey,
  pendingChapterPath,
} from '../../src/contract';
import { DOWNLOADS_DB_NAME, downloadsDb, DownloadsDb } from '../../src/client/downloads/queue-db';
import { applyEvent, enqueue, recordProgress, whenStopped } from '../../src/client/downloads/queue-store';
import {
  endBackgroundFetch,
  finishBackgroundFetch,
  type FetchedRecord,
} from '../../sw/background-fetch-finish';

/**
 * The service worker's side of the download queue (sw/background-fetch-finish.ts): what it does when the
 * browser is done with a chapter's Background Fetch, driven against the queue database as the page's own
 * code left it (enqueued, started, its pages known, handed to the browser), through the one definition
 * both use (client/downloads/). A worker that kept its own idea of the database's name or rows, or
 * changed them past the queue's rules, fails here.
 */

const ORIGIN = 'https://inkreel.test';
const abs = (path: string) => new URL(path, ORIGIN).href;

/** Cache Storage's one cache, as far as the worker uses it. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  async match(key: string) {
    return this.entries.get(key)?.clone();
  }
  async put(key: string, res: Response) {
    // As Cache Storage does: the body is read in full when stored.
    const body = await res.arrayBuffer();
    this.entries.set(key, new Response(body, { status: res.status, headers: res.headers }));
  }
  async delete(key: string) {
    return this.entries.delete(key);
  }
  keys() {
    return [...this.entries.keys()].map((k) => new URL(k).pathname).sort();
  }
  asCache() {
    return this as unknown as Cache;
  }
}

const PLAIN = [12_000, 8_000].map((n) => new Uint8Array(n).fill(7));
const URLS = ['/media/img/00000000000000a1_500_0.img', '/media/img/00000000000000a2_500_0.img'];
const ANSWER = JSON.stringify({ result: true, code: 0, data: { bookId: 5, number: 1 } });
const ANSWER_BYTES = new TextEncoder().encode(ANSWER).byteLength;
const book = { bookId: 5, title: '书', cover: '/c.img', vipFree: true, chapters: [] };
const FETCH_ID = 'inkreel-dl:5:1';

let ciphertexts: Uint8Array<ArrayBuffer>[];
beforeAll(async () => {
  // The build defines the image key for the page and the worker; here it is the default one.
  (globalThis as Record<string, unknown>).__IMAGE_KEY__ = DEFAULT_IMAGE_KEY;
  const key = await importImageKey(DEFAULT_IMAGE_KEY);
  ciphertexts = await Promise.all(PLAIN.map((p) => encryptImage(key, p)));
});

/** What the browser fetched: the server's ciphertext for each picture (or `status` for all). */
const records = (status = 200): FetchedRecord[] =>
  URLS.map((u, k) => ({
    request: new Request(abs(u)),
    responseReady: Promise.resolve(
      status === 200
        ? new Response(ciphertexts[k], { headers: { 'Content-Type': 'application/octet-stream' } })
        : new Response('down', { status }),
    ),
  }));

const opened: DownloadsDb[] = [];
afterEach(async () => {
  const names = new Set(opened.map((d) => d.name));
  for (const d of opened.splice(0)) d.close();
  for (const n of names) await Dexie.delete(n);
  await downloadsDb.items.clear();
  await downloadsDb.books.clear();
});

/**
 * The page's side up to the hand-over (runner.ts downloadInBackground): chapter 1 queued and started,
 * its pictures known, its answer kept pending, the pictures handed to the browser.
 */
async function handedToBrowser(db: DownloadsDb, cache: MemoryCache) {
  await enqueue(book, [{ number: 1, title: '第1话' }], {}, db);
  await applyEvent('5:1', { type: 'start' }, {}, db);
  await recordProgress('5:1', { pagesDone: 0, bytes: 0, pagesTotal: URLS.length, urls: URLS }, db);
  await cache.put(
    abs(pendingChapterPath(5, 1)),
    new Response(ANSWER, { headers: { 'Content-Length': String(ANSWER_BYTES) } }),
  );
  await recordProgress('5:1', { pagesDone: 0, bytes: 0, background: true }, db);
}

const newDb = () => {
  const d = new DownloadsDb(`dl-worker-${Math.random()}`);
  opened.push(d);
  return d;
};

describe('the worker finishing a Background Fetch, on the queue the page made', () => {
  it("uses the page's own database: running → done with the bytes kept, the chapter's answer kept", async () => {
    // No database handed in: the worker's default connection is the page's database.
    expect(downloadsDb.name).toBe(DOWNLOADS_DB_NAME);
    expect(DOWNLOADS_DB_NAME).toBe('inkreel-downloads');
    const cache = new MemoryCache();
    await handedToBrowser(downloadsDb, cache);

    const done = await finishBackgroundFetch(FETCH_ID, records(), { cache: cache.asCache(), origin: ORIGIN });

    expect(done).toMatchObject({ state: 'done', pagesDone: 2, pagesTotal: 2, attempts: 0 });
    expect(done?.background).toBeUndefined();
    expect(done?.bytes).toBe(12_000 + 8_000 + ANSWER_BYTES);
    expect(await downloadsDb.items.get('5:1')).toEqual(done);
    // Pictures decrypted under their own URLs, the answer moved from pending to kept.
    expect(cache.keys()).toEqual([downloadedChapterPath(5, 1), ...URLS].sort());
    const pic = (await cache.match(abs(URLS[0]!)))!;
    expect(pic.headers.get('Content-Type')).toBe('image/webp');
    expect(pic.headers.get('Content-Length')).toBe('12000');
    expect(new Uint8Array(await pic.arrayBuffer())).toEqual(PLAIN[0]);
  });

  it('a chapter paused meanwhile stays paused: pictures kept for its resume, no answer kept', async () => {
    const db = newDb();
    const cache = new MemoryCache();
    await handedToBrowser(db, cache);
    await applyEvent('5:1', { type: 'pause' }, {}, db);

    const after = await finishBackgroundFetch(FETCH_ID, records(), {
      cache: cache.asCache(),
      origin: ORIGIN,
      db,
    });

    expect(after?.state).toBe('paused');
    expect((await db.items.get('5:1'))?.state).toBe('paused');
    expect(cache.keys()).toEqual([...URLS].sort());
  });

  it('a chapter removed meanwhile stays removed, and leaves nothing stored', async () => {
    const db = newDb();
    const cache = new MemoryCache();
    await handedToBrowser(db, cache);
    await db.items.delete('5:1');

    const after = await finishBackgroundFetch(FETCH_ID, records(), {
      cache: cache.asCache(),
      origin: ORIGIN,
      db,
    });

    expect(after).toBeUndefined();
    expect(await db.items.get('5:1')).toBeUndefined();
    expect(cache.keys()).toEqual([]);
  });

  it('a picture that cannot be stored fails the chapter through the rules (tried again later)', async () => {
    const db = newDb();
    const cache = new MemoryCache();
    await handedToBrowser(db, cache);

    const after = await finishBackgroundFetch(FETCH_ID, records(500), {
      cache: cache.asCache(),
      origin: ORIGIN,
      db,
    });

    expect(after).toMatchObject({ state: 'failed', attempts: 1 });
    expect(after?.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(cache.keys()).toEqual([]);
  });

  it('a full phone fails the chapter with the words for it', async () => {
    const db = newDb();
    const cache = new MemoryCache();
    await handedToBrowser(db, cache);
    cache.put = async () => {
      throw new DOMException('full', 'QuotaExceededError');
    };

    const after = await finishBackgroundFetch(FETCH_ID, records(), {
      cache: cache.asCache(),
      origin: ORIGIN,
      db,
    });

    expect(after).toMatchObject({ state: 'failed', error: DownloadText.storageFull });
    expect(cache.keys()).toEqual([]);
  });

  it('a failed fetch fails a running chapter; a stop in the browser pauses it; neither touches a paused one', async () => {
    const db = newDb();
    const cache = new MemoryCache();
    const place = { cache: cache.asCache(), origin: ORIGIN, db };
    await handedToBrowser(db, cache);
    expect(await endBackgroundFetch(FETCH_ID, 'failed', place)).toMatchObject({
      state: 'failed',
      error: DownloadText.bgFailed,
    });
    expect(cache.keys()).toEqual([]);

    await applyEvent('5:1', { type: 'retry' }, {}, db);
    await applyEvent('5:1', { type: 'start' }, {}, db);
    expect((await endBackgroundFetch(FETCH_ID, 'aborted', place))?.state).toBe('paused');

    // Paused by the user in the app, who stopped the browser's fetch: nothing more happens to it.
    expect((await endBackgroundFetch(FETCH_ID, 'failed', place))?.state).toBe('paused');
  });

  it('leaves fetches that are not downloads alone', async () => {
    const cache = new MemoryCache();
    expect(
      await finishBackgroundFetch('other:1', records(), { cache: cache.asCache(), origin: ORIGIN }),
    ).toBeUndefined();
    expect(cache.keys()).toEqual([]);
  });
});

describe('the page waiting for a chapter the browser fetches', () => {
  it('hears the change another connection makes (no polling), with the item as it ended', async () => {
    const name = `dl-wait-${Math.random()}`;
    const page = new DownloadsDb(name);
    const worker = new DownloadsDb(name);
    opened.push(page, worker);
    const cache = new MemoryCache();
    await handedToBrowser(page, cache);

    const waiting = whenStopped('5:1', new AbortController().signal, page);
    let heard = false;
    void waiting.then(() => (heard = true));
    // Progress keeps it running: the wait goes on.
    await recordProgress('5:1', { pagesDone: 0, bytes: 500 }, page);
    await new Promise((r) => setImmediate(r));
    expect(heard).toBe(false);

    await finishBackgroundFetch(FETCH_ID, records(), { cache: cache.asCache(), origin: ORIGIN, db: worker });
    expect(await waiting).toMatchObject({ state: 'done', bytes: 12_000 + 8_000 + ANSWER_BYTES });
  });

  it('ends when the runner stops the chapter, with the item as it is then', async () => {
    const db = newDb();
    await handedToBrowser(db, new MemoryCache());
    const ctl = new AbortController();
    const waiting = whenStopped('5:1', ctl.signal, db);
    ctl.abort();
    expect((await waiting)?.state).toBe('running');
  });
});
