import { useEffect } from 'react';
import { DOWNLOADS_DB_NAME } from './db-name';

/** How often smart downloads look for new chapters while the app is open. */
const SWEEP_MS = 30 * 60_000;

/** Whether this device ever downloaded or set smart downloads (no Dexie needed to tell). */
async function downloadsExist(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((d) => d.name === DOWNLOADS_DB_NAME);
  } catch {
    return true;
  }
}

async function boot(signal: AbortSignal): Promise<void> {
  if (!(await downloadsExist()) || signal.aborted) return;
  const [{ downloadsDb }, { hasPendingWork }, { startQueue }, { smartSweep }, { currentConnection }] =
    await Promise.all([
      import('./downloads-db'),
      import('./queue-rules'),
      import('./runner'),
      import('./smart-sweep'),
      import('./connection'),
    ]);
  if (hasPendingWork(await downloadsDb.items.toArray())) startQueue();
  const sweep = () =>
    void smartSweep().catch((err: unknown) => console.error('[downloads] smart sweep failed', err));
  sweep();
  const timer = setInterval(sweep, SWEEP_MS);
  const conn = currentConnection();
  conn?.addEventListener('change', sweep);
  signal.addEventListener('abort', () => {
    clearInterval(timer);
    conn?.removeEventListener('change', sweep);
  });
}

/**
 * Started by the app shell after the first paint: resumes the download queue left by the last visit and
 * runs smart downloads, on whatever screen is open. Renders nothing.
 */
export default function DownloadsAgent() {
  useEffect(() => {
    const ctl = new AbortController();
    void boot(ctl.signal).catch((err: unknown) => console.error('[downloads] start failed', err));
    return () => ctl.abort();
  }, []);
  return null;
}
