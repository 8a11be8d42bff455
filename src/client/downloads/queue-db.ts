import Dexie, { type EntityTable } from 'dexie';
import type { Chapter } from '../../contract/schemas/book';
import type { QueueItem } from './queue-rules';
import { announceDownloadsDb, DOWNLOADS_DB_NAME } from './db-name';

/**
 * The download queue and what it knows about each book, in a database of its own: clearing device
 * data (shelf, history) or a schema change there never touches downloads, and the other way round.
 * Its one definition, for the page and the service worker alike (the worker finishes chapters fetched
 * by Background Fetch through the same transitions, queue-store.ts). On the page it loads lazily (with
 * Dexie) by the downloads screen, the chooser and the queue runner only.
 */

export interface DownloadBook {
  bookId: number;
  title: string;
  cover: string;
  vipFree: boolean;
  /** The catalogue as it was at the last download: the catalogue screen shows it offline. */
  chapters: Chapter[];
  /** The cover picture is stored with the book's downloads. */
  coverStored?: boolean;
  updatedAt: number;
}

export interface SettingEntry {
  key: string;
  value: unknown;
}

export const SettingKey = {
  smart: 'smart',
  /** Whether persistent storage was asked for, and the answer. */
  persist: 'persist',
} as const;

export { DOWNLOADS_DB_NAME };

export class DownloadsDb extends Dexie {
  items!: EntityTable<QueueItem, 'id'>;
  books!: EntityTable<DownloadBook, 'bookId'>;
  settings!: EntityTable<SettingEntry, 'key'>;

  constructor(name = DOWNLOADS_DB_NAME) {
    super(name);
    this.version(1).stores({
      items: 'id, bookId, state, order',
      books: 'bookId',
      settings: 'key',
    });
  }
}

/** This page's or this worker's connection (Dexie opens it on first use). */
export const downloadsDb = new DownloadsDb();
announceDownloadsDb();
export { liveQuery } from 'dexie';
