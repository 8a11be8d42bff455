import { kvGet, kvSet, KvKey } from './kv';

function randomId(bytes = 16): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

const cache = new Map<KvKey, Promise<string>>();

/** An id made once and kept on the device (survives account switches). */
function persistentId(key: KvKey): Promise<string> {
  let p = cache.get(key);
  if (!p) {
    p = (async () => {
      const existing = await kvGet<string>(key);
      if (existing) return existing;
      const id = randomId();
      await kvSet(key, id);
      return id;
    })();
    cache.set(key, p);
  }
  return p;
}

export const getTraceId = () => persistentId(KvKey.traceId);
/** Device id used for account recovery (find_account matches orders made from this device). */
export const getDeviceId = () => persistentId(KvKey.deviceId);
