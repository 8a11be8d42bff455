import { StorageKey } from '../../../contract';
import type { WatchEntry } from '../db';
import { readDb, withDb } from './store';

/** `w_` + vodId, the spec's key for a video's watched seconds (§3). */
export const watchKey = (vodId: number) => `${StorageKey.watchedPrefix}${vodId}`;

const update = (vodId: number, patch: (e: WatchEntry) => WatchEntry): Promise<WatchEntry> =>
  withDb((db) =>
    db.transaction('rw', db.watch, async () => {
      const key = watchKey(vodId);
      const cur = (await db.watch.get(key)) ?? { key, vodId, watched: 0, position: 0, updatedAt: 0 };
      const next = { ...patch(cur), updatedAt: Date.now() };
      await db.watch.put(next);
      return next;
    }),
  );

/** Trial seconds already watched (0 when never watched). */
export const getWatchedSeconds = (vodId: number): Promise<number> =>
  readDb(async (db) => (await db.watch.get(watchKey(vodId)))?.watched ?? 0, 0);

/** Adds one tick to the trial counter, never beyond `limit`; resolves to the new count. */
export async function addWatchedSecond(vodId: number, limit: number): Promise<number> {
  const e = await update(vodId, (e) => ({ ...e, watched: Math.min(limit, e.watched + 1) }));
  return e.watched;
}

export async function setWatchedSeconds(vodId: number, seconds: number): Promise<void> {
  await update(vodId, (e) => ({ ...e, watched: Math.max(0, seconds) }));
}

/** Saved resume position in seconds (0: none). */
export const getResumePosition = (vodId: number): Promise<number> =>
  readDb(async (db) => (await db.watch.get(watchKey(vodId)))?.position ?? 0, 0);

export async function setResumePosition(vodId: number, seconds: number): Promise<void> {
  const position = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  await update(vodId, (e) => ({ ...e, position }));
}
