import type { Ad, DanmuMotion, DanmuPosition, PublishStatus, ShowcaseType } from '../../contract/index.js';

/**
 * Catalogue writes as an operator makes them: categories, books, chapters and their pages, videos,
 * banners, player adverts, showcases and hot words. The demo seed, the ingest CLI and the back office
 * write through this port and nothing else, so a change of storage is one adapter. What readers do
 * (read and play counts, history, their own comments) is not a catalogue write and stays with its
 * service. Ids are the database's; times are ISO-8601 UTC text; a hash names a stored picture.
 */

export interface CategoryInput {
  name: string;
  sort: number;
}
export interface Category extends CategoryInput {
  id: number;
}

export interface BookInput {
  title: string;
  author: string;
  /** The text under the title on the book's page. */
  summary: string;
  coverHash: string;
  /** The wide (16:9) cover of banners and list rows. */
  horiCoverHash: string;
  categoryId: number;
  publishStatus: PublishStatus;
  /** VIP members read all of it free. */
  vipFree: boolean;
  /** Tagged 3D: listed on its own shelf. */
  threeD?: boolean;
  /** Editors' score; curated shelves and ranks sort by it. Default 0. */
  recommend?: number;
  /** Default: now. */
  createdAt?: string;
  /** When it last changed for readers (lists sort by it). Default: now. */
  updatedAt?: string;
  /** Read figures carried over from elsewhere (the demo's); a new book starts at 0. */
  readCount?: number;
  weekReadCount?: number;
}
export type BookPatch = Partial<Omit<BookInput, 'createdAt' | 'readCount' | 'weekReadCount'>>;

/** One page of a chapter: its size in pixels and its strips (stored pictures), left to right. */
export interface PageInput {
  width: number;
  height: number;
  parts: string[];
}

export interface ChapterInput {
  /** 1, 2, …: unique in its book; readers and purchases address a chapter by it. */
  number: number;
  title: string;
  coverHash: string;
  /** Coins to open it; 0 is free. */
  price: number;
  /** Strips each page is cut into (1–4): as many parts per page. */
  splitCount: number;
  /** Default: now. */
  updatedAt?: string;
  /** Its pages in reading order (none yet: add them with setPages). */
  pages?: PageInput[];
}
export type ChapterPatch = Partial<
  Pick<ChapterInput, 'title' | 'coverHash' | 'price' | 'splitCount' | 'updatedAt'>
>;

/** A book found by title and author (the ingest CLI adds chapters to the book it made before). */
export interface BookRef {
  id: number;
  /** The highest chapter number it has; 0 for none. */
  lastChapterNumber: number;
}

export interface VodTypeInput {
  /** Default: the next free id. The demo keeps fixed ids (1…10). */
  id?: number;
  name: string;
  sort: number;
}
export type VodType = Required<VodTypeInput>;

export interface VodInput {
  typeId: number;
  name: string;
  /** The text under the title. */
  summary: string;
  posterHash: string;
  /** Coins to buy it; 0 is free. */
  price: number;
  /** Seconds. */
  duration: number;
  /** The HLS media's key in the media store (`vod/{mediaKey}/…`). */
  mediaKey: string;
  /** Whether a trial plays before buying. */
  canTry: boolean;
  /** This video's own trial length in seconds; null or omitted follows VOD_TRIAL_SECONDS. */
  trialSeconds?: number | null;
  /** Default: now. */
  createdAt?: string;
  /** Play figure carried over from elsewhere (the demo's); a new video starts at 0. */
  playCount?: number;
}
export type VodPatch = Partial<Omit<VodInput, 'createdAt' | 'playCount'>>;

/** A chapter mark on the progress bar. */
export interface VodMarkerInput {
  /** Seconds into the video. */
  offset: number;
  coverHash: string;
  title: string;
  describe: string;
}

/**
 * A comment shown on the video (danmu) that comes with the catalogue (the demo's viewers), not from
 * a user. The style fields default to a plain comment's.
 */
export interface DanmuInput {
  mode: number;
  /** ms on the video clock. */
  stime: number;
  text: string;
  size: number;
  /** 0xRRGGBB. */
  color: number;
  createdAt: string;
  /** Life on screen, ms. Default PLAYER.commentLifeMs. */
  dur?: number;
  border?: boolean;
  opacity?: number;
  font?: string;
  shadow?: boolean;
  position?: DanmuPosition | null;
  motion?: DanmuMotion | null;
}

/**
 * The list screens (spec §2 "List screens", the category screen and /new), each of which may carry
 * banners of its own besides those of every list.
 */
export type ListAdKey =
  | 'latest'
  | 'recent'
  | 'updates'
  | 'ranked'
  | 'rank'
  | 'day'
  | 'recommend'
  | 'three_d'
  | 'kkbg'
  | 'new_on'
  | 'category';
/** Where a banner shows: the home carousel, every list screen, one list screen, the video home. */
export type AdSlot = 'home' | 'list' | `list:${ListAdKey}` | 'vod';
export interface AdInput {
  slot: AdSlot;
  /** -1 an address in the same window, -2 in a new one, 2 a book's page (bizId), 3 the top-up page. */
  jumpType: Ad['jumpType'];
  /** The book of jump type 2; 0 otherwise. */
  bizId: number;
  url: string;
  imageHash: string;
  title: string;
  sort: number;
}
export type AdPatch = Partial<AdInput>;

/** The player's adverts: the start advert (a picture with a countdown) and the clips before a video. */
export type PlayerAdInput =
  | {
      kind: 'start';
      imageHash: string;
      url: string;
      /** The countdown, seconds. */
      duration: number;
      title: string;
      sort: number;
    }
  | {
      kind: 'video';
      mediaKey: string;
      url: string;
      /** The clip's length, seconds. */
      duration: number;
      title: string;
      sort: number;
    };
export type PlayerAdPatch = Partial<Pick<PlayerAdInput, 'url' | 'duration' | 'title' | 'sort'>>;

/** Shelves editors fill by hand; 'new' and 'hot' follow live figures and have no list. */
export type CuratedShowcase = Exclude<ShowcaseType, 'new' | 'hot'>;

export interface TransactionOptions {
  /**
   * A lock id shared by every node: transactions holding the same one run one after another, across
   * nodes (e.g. two nodes seeding an empty database at once: the second finds the first one's books).
   */
  lockKey?: number;
}

export interface CatalogueStore {
  /**
   * Runs `work` in one transaction with a store bound to it: all of its writes land, or none (it
   * throws). Inside a transaction it joins the one under way.
   */
  transaction<T>(work: (tx: CatalogueStore) => Promise<T>, opts?: TransactionOptions): Promise<T>;

  createCategory(input: CategoryInput): Promise<number>;
  /** Updates return false, and change nothing, when there is no such row. */
  updateCategory(id: number, patch: Partial<CategoryInput>): Promise<boolean>;
  listCategories(): Promise<Category[]>;

  /** A new book; with `chapters`, its chapters and their pages too, in one go (as addChapters). */
  createBook(input: BookInput & { chapters?: ChapterInput[] }): Promise<number>;
  updateBook(id: number, patch: BookPatch): Promise<boolean>;
  /** Whether the catalogue has any book (the demo seeds an empty one only). */
  hasBooks(): Promise<boolean>;
  findBook(title: string, author: string): Promise<BookRef | null>;

  /**
   * Adds chapters (with their pages) to a book in a few batched statements; returns their ids in
   * the order given. The book's chapter count follows; its updatedAt is the caller's to move.
   */
  addChapters(bookId: number, chapters: ChapterInput[]): Promise<number[]>;
  updateChapter(id: number, patch: ChapterPatch): Promise<boolean>;
  /** Replaces a chapter's pages with these, in reading order. */
  setPages(chapterId: number, pages: PageInput[]): Promise<void>;

  createVodType(input: VodTypeInput): Promise<number>;
  listVodTypes(): Promise<VodType[]>;
  createVod(input: VodInput): Promise<number>;
  updateVod(id: number, patch: VodPatch): Promise<boolean>;
  findVodByMediaKey(mediaKey: string): Promise<number | null>;
  /** Replaces a video's progress-bar marks. */
  setMarkers(vodId: number, markers: VodMarkerInput[]): Promise<void>;
  /** Adds comments that come with the catalogue (batched). */
  addDanmu(vodId: number, danmu: DanmuInput[]): Promise<void>;

  createAd(input: AdInput): Promise<number>;
  updateAd(id: number, patch: AdPatch): Promise<boolean>;
  deleteAd(id: number): Promise<boolean>;
  createPlayerAd(input: PlayerAdInput): Promise<number>;
  updatePlayerAd(id: number, patch: PlayerAdPatch): Promise<boolean>;
  deletePlayerAd(id: number): Promise<boolean>;

  /** Replaces a shelf's books with these, in this order. */
  setShowcase(type: CuratedShowcase, bookIds: number[]): Promise<void>;
  /** Replaces the search screen's hot words with these, in this order. */
  setHotWords(words: string[]): Promise<void>;
}
