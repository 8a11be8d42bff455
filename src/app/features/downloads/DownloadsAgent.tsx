import { useEffect } from 'react';
import { currentConnection } from './connection';
import { databaseExists } from '../../lib/device/db-exists';
import { DOWNLOADS_DB_NAME } from '../../../client/downloads/db-name';

/** How often smart downloads look for new chapters while the app is open. */
const SWEEP_MS = 30 * 60_000;

function boot(signal: AbortSignal): void {
  let started = false;
  /**
   * A pass of smart downloads, once this device has downloads. Checked again on every pass, not only at
   * boot: the first download or the first switch-on of smart downloads may come later in this visit (a
   * new user switching them on over mobile data still gets them when Wi-Fi arrives).
   */
  const pass = async () => {
    if (signal.aborted) return;
    if (!started) {
      // Whether this device ever downloaded or set smart downloads (no Dexie needed to tell).
      if (!(await databaseExists(DOWNLOADS_DB_NAME)) || signal.aborted) return;
      started = true;
      const [{ downloadsDb }, { hasPendingWork }, { startQueue }] = await Promise.all([
        import('../../../client/downloads/queue-db'),
        import('../../../client/downloads/queue-rules'),
        import('./runner'),
      ]);
      if (hasPendingWork(await downloadsDb.items.toArray())) startQueue();
    }
    const { smartSweep } = await import('./smart-sweep');
    if (!signal.aborted) await smartSweep();
  };
  const sweep = () =>
    void pass().catch((err: unknown) => console.error('[downloads] start or smart sweep failed', err));
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
    boot(ctl.signal);
    return () => ctl.abort();
  }, []);
  return null;
}
