/** The downloads database's name (and its loading), apart from its Dexie module so checking for it loads no Dexie. */
export const DOWNLOADS_DB_NAME = 'inkreel-downloads';

let markLoaded: () => void = () => undefined;
/**
 * Settles once the downloads database's module has loaded on this page, by whatever path (a download
 * started, the queue resumed): live views that answered "nothing downloaded" without it follow it then.
 */
export const downloadsDbLoaded = new Promise<void>((resolve) => (markLoaded = resolve));
/** Called by queue-db.ts as it loads. */
export const announceDownloadsDb = () => markLoaded();
