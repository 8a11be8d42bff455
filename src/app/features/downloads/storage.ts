import { DownloadText, formatBytes, type Chapter } from '../../../contract';
import { downloadsDb, SettingKey, type DownloadBook } from '../../../client/downloads/queue-db';
import { checkQuota, estimateBytes } from './quota';
import { enqueue } from '../../../client/downloads/queue-store';
import { startQueue } from './runner';

/** The browser's storage figures, or null where it tells none. */
export async function storageEstimate(): Promise<StorageEstimate | null> {
  try {
    return (await navigator.storage?.estimate?.()) ?? null;
  } catch {
    return null;
  }
}

export type PersistState = 'granted' | 'denied' | 'unsupported';

/** The offline protection in two words, for the queued toast ('' where the browser has none). */
export const persistShort = (p: PersistState) =>
  p === 'granted' ? DownloadText.persistOn : p === 'denied' ? DownloadText.persistOff : '';

export const persistMessage = (p: PersistState) =>
  p === 'granted'
    ? DownloadText.persistGranted
    : p === 'denied'
      ? DownloadText.persistDenied
      : DownloadText.persistUnknown;

/** Whether downloads are kept under storage pressure now. */
export async function persistedNow(): Promise<PersistState> {
  if (!navigator.storage?.persisted) return 'unsupported';
  try {
    return (await navigator.storage.persisted()) ? 'granted' : 'denied';
  } catch {
    return 'unsupported';
  }
}

/** Asks for persistent storage once, at the first download; later calls answer what it was. */
async function askPersistOnce(): Promise<{ state: PersistState; first: boolean }> {
  const kept = await downloadsDb.settings.get(SettingKey.persist);
  if (kept) return { state: await persistedNow(), first: false };
  let state: PersistState = 'unsupported';
  if (navigator.storage?.persist) {
    try {
      state = (await navigator.storage.persist()) ? 'granted' : 'denied';
    } catch {
      state = 'denied';
    }
  }
  await downloadsDb.settings.put({ key: SettingKey.persist, value: { state, at: Date.now() } });
  return { state, first: true };
}

export type StartResult = { ok: true; added: number; persist?: string } | { ok: false; message: string };

/**
 * Starts downloading `take`: refused when it would pass the browser's quota; the first download asks
 * for persistent storage and says what the browser answered.
 */
export async function startDownload(
  book: Omit<DownloadBook, 'updatedAt' | 'coverStored'>,
  take: readonly Chapter[],
  opts: { smart?: boolean } = {},
): Promise<StartResult> {
  const done = await downloadsDb.items.where('state').equals('done').toArray();
  const need = estimateBytes(take.length, done);
  const verdict = checkQuota(await storageEstimate(), need);
  if (!verdict.ok)
    return {
      ok: false,
      message: DownloadText.quotaRefused(formatBytes(verdict.need), formatBytes(verdict.free)),
    };
  const persist = opts.smart ? undefined : await askPersistOnce();
  const added = await enqueue(book, take, opts);
  startQueue();
  return { ok: true, added, persist: (persist?.first && persistShort(persist.state)) || undefined };
}
