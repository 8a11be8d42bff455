/// <reference lib="webworker" />
import { decryptImage } from '../src/contract/cipher';
import {
  BG_FETCH_PREFIX,
  DOWNLOADS_CACHE,
  downloadedChapterPath,
  pendingChapterPath,
} from '../src/contract/downloads';
import { DownloadText } from '../src/contract/messages/downloads';
import { imageKey } from './image-key';

/**
 * Long downloads by Background Fetch (Chromium): the browser fetches a chapter's pictures with its own
 * progress UI even once the app is closed; here they are decrypted into the downloads cache, the
 * chapter's answer moves from pending to kept, and its queue item is marked done.
 */

declare const self: ServiceWorkerGlobalScope;

interface BgFetchRecord {
  request: Request;
  responseReady: Promise<Response>;
}
interface BgFetchRegistration {
  id: string;
  matchAll(): Promise<BgFetchRecord[]>;
}
interface BgFetchEvent extends ExtendableEvent {
  registration: BgFetchRegistration;
  updateUI?(opts: { title?: string }): Promise<void>;
}

const DB_NAME = 'inkreel-downloads';

interface StoredItem {
  id: string;
  bookId: number;
  number: number;
  title: string;
  state: string;
  urls?: string[];
  bytes: number;
  pagesDone: number;
  pagesTotal: number;
  attempts: number;
  doneAt?: number;
  error?: string;
}

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

/** The queue database as the app's Dexie module made it (opened at its current version, never upgraded here). */
function openQueue(): Promise<IDBDatabase> {
  return request(indexedDB.open(DB_NAME));
}

function parseId(id: string): { itemId: string; bookId: number; number: number } | null {
  if (!id.startsWith(BG_FETCH_PREFIX)) return null;
  const itemId = id.slice(BG_FETCH_PREFIX.length);
  const m = /^(\d+):(\d+)$/.exec(itemId);
  return m ? { itemId, bookId: Number(m[1]), number: Number(m[2]) } : null;
}

const abs = (path: string) => new URL(path, self.location.origin).href;

async function storeRecords(reg: BgFetchRegistration, cache: Cache): Promise<void> {
  const key = await imageKey;
  for (const rec of await reg.matchAll()) {
    const res = await rec.responseReady;
    if (res.status === 204) continue;
    if (res.status !== 200) throw new Error(`image ${res.status}`);
    const plain = await decryptImage(key, await res.arrayBuffer());
    await cache.put(
      rec.request.url,
      new Response(plain, {
        status: 200,
        headers: { 'Content-Type': 'image/webp', 'Content-Length': String(plain.byteLength) },
      }),
    );
  }
}

const sizeOf = async (cache: Cache, url: string) =>
  Number((await cache.match(abs(url)))?.headers.get('Content-Length') ?? 0) || 0;

/** Marks the item done with the bytes the cache holds for it, unless the user paused or removed it meanwhile. */
async function markDone(itemId: string, cache: Cache): Promise<StoredItem | undefined> {
  const db = await openQueue();
  try {
    const item = await request(
      db.transaction('items').objectStore('items').get(itemId) as IDBRequest<StoredItem | undefined>,
    );
    if (!item || item.state !== 'running') return item;
    let bytes = await sizeOf(cache, downloadedChapterPath(item.bookId, item.number));
    for (const u of item.urls ?? []) bytes += await sizeOf(cache, u);
    // A fresh transaction: one kept open across the cache reads above would have closed by itself.
    const store = db.transaction('items', 'readwrite').objectStore('items');
    const now = await request(store.get(itemId) as IDBRequest<StoredItem | undefined>);
    if (now?.state !== 'running') return now;
    const done: StoredItem = {
      ...now,
      state: 'done',
      doneAt: Date.now(),
      bytes,
      pagesDone: now.pagesTotal,
      attempts: 0,
      error: undefined,
    };
    await request(store.put(done));
    return done;
  } finally {
    db.close();
  }
}

async function onSuccess(event: BgFetchEvent): Promise<void> {
  const p = parseId(event.registration.id);
  if (!p) return;
  const cache = await caches.open(DOWNLOADS_CACHE);
  await storeRecords(event.registration, cache);
  const pending = await cache.match(abs(pendingChapterPath(p.bookId, p.number)));
  if (pending) {
    await cache.put(abs(downloadedChapterPath(p.bookId, p.number)), pending);
    await cache.delete(abs(pendingChapterPath(p.bookId, p.number)));
  }
  const item = await markDone(p.itemId, cache);
  const book = await bookTitle(p.bookId);
  await event.updateUI?.({ title: DownloadText.bgDone(book, item?.title ?? '') }).catch(() => undefined);
}

async function bookTitle(bookId: number): Promise<string> {
  try {
    const db = await openQueue();
    try {
      const b = await request(
        db.transaction('books').objectStore('books').get(bookId) as IDBRequest<{ title: string } | undefined>,
      );
      return b?.title ?? '';
    } finally {
      db.close();
    }
  } catch {
    return '';
  }
}

/** A failed or aborted fetch leaves no pending answer; the app retries the chapter when it next runs. */
async function onEnded(event: BgFetchEvent, failed: boolean): Promise<void> {
  const p = parseId(event.registration.id);
  if (!p) return;
  await (await caches.open(DOWNLOADS_CACHE)).delete(abs(pendingChapterPath(p.bookId, p.number)));
  if (failed) await event.updateUI?.({ title: DownloadText.bgFailed }).catch(() => undefined);
}

export function listenForBackgroundFetch(): void {
  self.addEventListener('backgroundfetchsuccess' as keyof ServiceWorkerGlobalScopeEventMap, (e) => {
    const event = e as unknown as BgFetchEvent;
    event.waitUntil(onSuccess(event));
  });
  self.addEventListener('backgroundfetchfail' as keyof ServiceWorkerGlobalScopeEventMap, (e) => {
    const event = e as unknown as BgFetchEvent;
    event.waitUntil(onEnded(event, true));
  });
  self.addEventListener('backgroundfetchabort' as keyof ServiceWorkerGlobalScopeEventMap, (e) => {
    const event = e as unknown as BgFetchEvent;
    event.waitUntil(onEnded(event, false));
  });
  self.addEventListener('backgroundfetchclick' as keyof ServiceWorkerGlobalScopeEventMap, (e) => {
    const event = e as unknown as ExtendableEvent;
    event.waitUntil(self.clients.openWindow('/user/downloads'));
  });
}
