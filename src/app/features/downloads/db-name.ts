/** The downloads database's name, apart from its Dexie module so checking for it loads no Dexie. */
export const DOWNLOADS_DB_NAME = 'inkreel-downloads';
