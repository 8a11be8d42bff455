import { useEffect, useState } from 'react';
import { DownloadText } from '../../../contract';
import { currentConnection } from './connection';
import { getSmartSettings, setSmartSettings } from './smart-settings';
import { useDownloadsQuery } from './live';
import { CLEANUP_DAYS, isUnmetered, SMART_CEILINGS_MB, SMART_COUNTS, type SmartSettings } from './smart';

const MB = 1024 * 1024;

/** 智能下载: opt-in, chapters ahead per book, a storage ceiling and the cleanup age. */
export function SmartSettingsPanel() {
  const s = useDownloadsQuery('dl-smart', (db) => getSmartSettings(db));
  const [unmetered, setUnmetered] = useState(() => isUnmetered(currentConnection()));
  useEffect(() => {
    const c = currentConnection();
    if (!c) return;
    const on = () => setUnmetered(isUnmetered(c));
    c.addEventListener('change', on);
    return () => c.removeEventListener('change', on);
  }, []);
  if (!s) return null;
  const set = (patch: Partial<SmartSettings>) =>
    void setSmartSettings(patch)
      .then(async () => {
        // A change takes effect now, not at the next half-hourly pass.
        if (!(patch.enabled ?? s.enabled)) return;
        const { smartSweep } = await import('./smart-sweep');
        await smartSweep();
      })
      .catch((err: unknown) => console.error('[downloads] smart settings', err));
  return (
    <section className="dl-smart" aria-labelledby="dl-smart-title">
      <label className="dl-smart-toggle">
        <span id="dl-smart-title" className="dl-smart-title">
          {DownloadText.smartTitle}
        </span>
        <input
          type="checkbox"
          className="dl-switch"
          role="switch"
          checked={s.enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
          aria-label={DownloadText.smartTitle}
        />
      </label>
      <p className="dl-note">{DownloadText.smartNote(s.count)}</p>
      {s.enabled && (
        <>
          <p className="dl-note dl-smart-status" role="status">
            {unmetered ? DownloadText.smartActive : DownloadText.smartMetered}
          </p>
          <label className="dl-setting">
            <span>{DownloadText.smartCount}</span>
            <select value={s.count} onChange={(e) => set({ count: Number(e.currentTarget.value) })}>
              {SMART_COUNTS.map((n) => (
                <option key={n} value={n}>
                  {DownloadText.smartCountValue(n)}
                </option>
              ))}
            </select>
          </label>
          <label className="dl-setting">
            <span>{DownloadText.smartCeiling}</span>
            <select
              value={Math.round(s.ceilingBytes / MB)}
              onChange={(e) => set({ ceilingBytes: Number(e.currentTarget.value) * MB })}
            >
              {SMART_CEILINGS_MB.map((mb) => (
                <option key={mb} value={mb}>
                  {mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`}
                </option>
              ))}
            </select>
          </label>
          <label className="dl-setting">
            <span>{DownloadText.smartCleanup}</span>
            <select
              value={s.cleanupDays}
              onChange={(e) => set({ cleanupDays: Number(e.currentTarget.value) })}
            >
              {CLEANUP_DAYS.map((d) => (
                <option key={d} value={d}>
                  {DownloadText.cleanupAfter(d)}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
    </section>
  );
}
