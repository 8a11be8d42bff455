import { createStore, del, get, set } from 'idb-keyval';

/** Small device keys of spec §3 (trace id, user info, branch id, source domain, common info, pay flag). */
export const KvKey = {
  traceId: 'traceId',
  deviceId: 'deviceId',
  session: 'session',
  /** An account find_account recovered, until the device is signed in to it (lib/session.ts). */
  recovered: 'recovered',
  branchId: 'branchId',
  sourceDomain: 'sourceDomain',
  commonInfo: 'commonInfo',
  payPageFlag: 'payPageFlag',
  /** The day the daily sign-in dialog last opened by itself (it does so once a day at most). */
  dailySignAutoShown: 'dailySignAutoShown',
} as const;
export type KvKey = (typeof KvKey)[keyof typeof KvKey];

// No IndexedDB (the server's prerender of a first screen): a device with nothing stored yet.
const store = typeof indexedDB === 'undefined' ? undefined : createStore('inkreel-kv', 'kv');

export const kvGet = <T>(key: KvKey): Promise<T | undefined> =>
  store ? get<T>(key, store) : Promise.resolve(undefined);
export const kvSet = (key: KvKey, value: unknown): Promise<void> =>
  store ? set(key, value, store) : Promise.resolve();
export const kvDel = (key: KvKey): Promise<void> => (store ? del(key, store) : Promise.resolve());
