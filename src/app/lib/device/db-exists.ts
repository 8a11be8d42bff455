/** The device database's name, apart from its Dexie module (lib/db.ts) so checking for it loads no Dexie. */
export const DEVICE_DB_NAME = 'inkreel';

const seen = new Set<string>();

/**
 * Whether this device has ever made the IndexedDB database `name`, asked of the browser without Dexie
 * (~30 KB gzip to fetch, compile and run: among the longest tasks of a comic's first visit).
 * True when the browser cannot tell (no indexedDB.databases: Firefox before 126), so callers then load
 * the database as before. Once seen, a database stays known for the page's life.
 */
export async function databaseExists(name: string): Promise<boolean> {
  if (seen.has(name)) return true;
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const found = (await indexedDB.databases()).some((d) => d.name === name);
    if (found) seen.add(name);
    return found;
  } catch {
    return true;
  }
}

/**
 * Starts a live view of database `name` only once there is something to follow. Where this device has
 * the database (or the browser cannot tell), `live` runs at once; else `none` gives the "nothing kept"
 * answer without loading Dexie, and `live` runs when `loaded` settles (the page loaded the database:
 * a first write makes it) or when the page is shown again and another tab has made it. `live` runs at
 * most once. Returns the stop.
 */
export function followOnceMade(
  name: string,
  loaded: Promise<void>,
  none: () => void,
  live: () => void,
): () => void {
  let stopped = false;
  let started = false;
  let unwatch = () => undefined as void;
  const start = () => {
    if (stopped || started) return;
    started = true;
    unwatch();
    live();
  };
  void databaseExists(name).then((made) => {
    if (stopped) return;
    if (made) return start();
    none();
    void loaded.then(start);
    const shown = () => {
      if (document.visibilityState === 'visible') void databaseExists(name).then((now) => now && start());
    };
    document.addEventListener('visibilitychange', shown);
    unwatch = () => document.removeEventListener('visibilitychange', shown);
  });
  return () => {
    stopped = true;
    unwatch();
  };
}
