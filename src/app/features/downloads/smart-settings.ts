import { downloadsDb, SettingKey, type DownloadsDb } from '../../../client/downloads/queue-db';
import { DEFAULT_SMART, type SmartSettings } from './smart';

/** Smart downloads' settings, kept with the downloads (their own database). */
export async function getSmartSettings(db: DownloadsDb = downloadsDb): Promise<SmartSettings> {
  const e = await db.settings.get(SettingKey.smart);
  return { ...DEFAULT_SMART, ...((e?.value as Partial<SmartSettings> | undefined) ?? {}) };
}

export async function setSmartSettings(
  patch: Partial<SmartSettings>,
  db: DownloadsDb = downloadsDb,
): Promise<void> {
  const now = await getSmartSettings(db);
  await db.settings.put({ key: SettingKey.smart, value: { ...now, ...patch } });
}
