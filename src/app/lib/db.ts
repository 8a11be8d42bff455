import Dexie, { type EntityTable, type Table } from 'dexie';

// The device modules load this file lazily (Dexie is ~30 KB gzip, not needed for the first paint).
export { liveQuery } from 'dexie';
import type { Ad, Book } from '../../contract';
import { DEVICE_DB_NAME } from './device/db-exists';

/** The book fields a history entry keeps (enough to draw a card without the network). */
export type BookRef = Pick<Book, 'bookId' | 'title' | 'cover'> &
  Partial<Omit<Book, 'bookId' | 'title' | 'cover'>>;

/** A favourite: the book as it was when added. */
export interface ShelfEntry extends BookRef {
  addedAt: number;
}

/** One entry per book: the last chapter opened and when (spec §4 shelf and history). */
export interface HistoryEntry extends BookRef {
  number: number;
  /** Epoch ms of the last read. */
  readAt: number;
}

/**
 * Where the reader was inside one chapter: the page at the top of the view and how far down it, as a
 * fraction of the page's height (not pixels: it lands on the same panel whatever the screen's width).
 */
export interface ReadPosition {
  bookId: number;
  number: number;
  /** Index of the page at the top of the view. */
  page: number;
  /** How far down that page the top of the view was, 0 ≤ fraction < 1. */
  fraction: number;
  /** The chapter's page count when saved (shown as 第page/pageCount页). */
  pageCount: number;
  /** The end of the last page was on screen: the chapter opens at the top again. */
  finished: boolean;
  /** Epoch ms of the save (the oldest positions are dropped past a cap). */
  savedAt: number;
}

/** Search history lists, keyed by the spec's storage keys (kkHisSearch, vodHisSearch). */
export interface SearchHistoryEntry {
  key: string;
  words: string[];
}

/** Per-video counters: key is `w_` + vodId (spec §3). */
export interface WatchEntry {
  key: string;
  vodId: number;
  /** Trial seconds watched so far. */
  watched: number;
  /** Resume position in seconds (0: none). */
  position: number;
  updatedAt: number;
}

export interface AutoBuyEntry {
  bookId: number;
}

/** Cached ad lists by slot (home, list screens), shown before the network answers. */
export interface AdsEntry {
  slot: string;
  ads: Ad[];
  savedAt: number;
}

export const DB_NAME = DEVICE_DB_NAME;

/**
 * Every schema version ever shipped, oldest first. Never edit a shipped entry: add a new one.
 * Exported so the upgrade test can open a database at an old version.
 */
export const SCHEMA_VERSIONS: ReadonlyArray<{ version: number; stores: Record<string, string | null> }> = [
  {
    version: 1,
    stores: {
      shelf: 'bookId, &title, addedAt',
      history: 'bookId, readAt',
      searchHistory: 'key',
    },
  },
  {
    version: 2,
    stores: {
      watch: 'key, vodId',
      autoBuy: 'bookId',
      ads: 'slot',
    },
  },
  {
    // Positions inside chapters, one per chapter (a book's history keeps only its last chapter).
    version: 3,
    stores: {
      readPositions: '[bookId+number], bookId, savedAt',
    },
  },
];

export class InkreelDb extends Dexie {
  shelf!: EntityTable<ShelfEntry, 'bookId'>;
  history!: EntityTable<HistoryEntry, 'bookId'>;
  searchHistory!: EntityTable<SearchHistoryEntry, 'key'>;
  watch!: EntityTable<WatchEntry, 'key'>;
  autoBuy!: EntityTable<AutoBuyEntry, 'bookId'>;
  ads!: EntityTable<AdsEntry, 'slot'>;
  readPositions!: Table<ReadPosition, [number, number]>;

  constructor(name = DB_NAME, upTo = Infinity) {
    super(name);
    for (const v of SCHEMA_VERSIONS) if (v.version <= upTo) this.version(v.version).stores(v.stores);
  }
}

/** The one device database of the app. */
export const db = new InkreelDb();

/** Empties every table (tests; a 'clear device data' action). */
export async function clearDeviceData(): Promise<void> {
  await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((t) => t.clear())));
}
