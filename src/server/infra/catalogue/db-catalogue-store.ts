import type { Kysely, Updateable } from 'kysely';
import type { Dialect } from '../../db/portable.js';
import { nowIso } from '../../db/portable.js';
import type { DB } from '../../db/schema.js';
import { searchText } from '../../db/search-text.js';
import { lockForTransaction } from '../../db/xact-lock.js';
import type {
  AdInput,
  AdPatch,
  BookInput,
  BookPatch,
  BookRef,
  CatalogueStore,
  Category,
  CategoryInput,
  ChapterInput,
  ChapterPatch,
  CuratedShowcase,
  DanmuInput,
  PageInput,
  PlayerAdInput,
  PlayerAdPatch,
  TransactionOptions,
  VodInput,
  VodMarkerInput,
  VodPatch,
  VodType,
  VodTypeInput,
} from '../../ports/catalogue-store.js';
import { batches, insertBatched } from './batch.js';
import * as rows from './rows.js';

/** Tables whose rows an operator edits or removes one by one, by id. */
type EditedTable = 'categories' | 'books' | 'chapters' | 'vods' | 'ads' | 'player_ads';

/**
 * The catalogue in the service's database (SQLite or PostgreSQL), through Kysely. A store made on a
 * transaction writes in it; one made on the database opens its own for each multi-statement write.
 */
export class DbCatalogueStore implements CatalogueStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  async transaction<T>(work: (tx: CatalogueStore) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
    return this.atomic(async (trx) => {
      if (opts.lockKey !== undefined) await lockForTransaction(trx, this.dialect, opts.lockKey);
      return work(trx === this.db ? this : new DbCatalogueStore(trx, this.dialect));
    });
  }

  /** `work` on this store's transaction, or on a new one. */
  private atomic<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this.db);
    return this.db.transaction().execute(work);
  }

  /** Sets the columns a patch names; false when there is no such row. */
  private async update<T extends EditedTable>(
    table: T,
    id: number,
    set: Updateable<DB[T]>,
  ): Promise<boolean> {
    const values = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    if (Object.keys(values).length === 0) {
      const row = await this.db
        .selectFrom(table as EditedTable)
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return !!row;
    }
    // A table chosen at run time: Kysely checks the columns against one of them, the caller's types hold.
    const r = await this.db
      .updateTable(table as 'ads')
      .set(values as never)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  private async delete(table: 'ads' | 'player_ads', id: number): Promise<boolean> {
    const r = await this.db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async createCategory(input: CategoryInput): Promise<number> {
    const row = await this.db
      .insertInto('categories')
      .values({ name: input.name, sort: input.sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  updateCategory(id: number, patch: Partial<CategoryInput>): Promise<boolean> {
    return this.update('categories', id, { name: patch.name, sort: patch.sort });
  }

  listCategories(): Promise<Category[]> {
    return this.db
      .selectFrom('categories')
      .select(['id', 'name', 'sort'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  createBook({ chapters = [], ...input }: BookInput & { chapters?: ChapterInput[] }): Promise<number> {
    return this.atomic(async (trx) => {
      const row = await trx
        .insertInto('books')
        .values(rows.bookRow(input, chapters.length, nowIso(), searchText(input.title, input.author)))
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertChapters(trx, row.id, chapters);
      return row.id;
    });
  }

  async updateBook(id: number, patch: BookPatch): Promise<boolean> {
    const set = rows.bookPatch(patch);
    if (patch.title !== undefined || patch.author !== undefined) {
      // Search matches title and author together: a change of either re-tokenises both.
      const current = await this.db
        .selectFrom('books')
        .select(['title', 'author'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) return false;
      set.search_text = searchText(patch.title ?? current.title, patch.author ?? current.author);
    }
    return this.update('books', id, set);
  }

  async hasBooks(): Promise<boolean> {
    return !!(await this.db.selectFrom('books').select('id').limit(1).executeTakeFirst());
  }

  async findBook(title: string, author: string): Promise<BookRef | null> {
    const row = await this.db
      .selectFrom('books')
      .leftJoin('chapters', 'chapters.book_id', 'books.id')
      .select((e) => ['books.id', e.fn.max('chapters.number').as('last')])
      .where('books.title', '=', title)
      .where('books.author', '=', author)
      .groupBy('books.id')
      .orderBy('books.id')
      .executeTakeFirst();
    return row ? { id: row.id, lastChapterNumber: Number(row.last ?? 0) } : null;
  }

  async addChapters(bookId: number, chapters: ChapterInput[]): Promise<number[]> {
    if (chapters.length === 0) return [];
    return this.atomic(async (trx) => {
      const ids = await insertChapters(trx, bookId, chapters);
      await countChapters(trx, bookId);
      return ids;
    });
  }

  updateChapter(id: number, patch: ChapterPatch): Promise<boolean> {
    return this.update('chapters', id, rows.chapterPatch(patch));
  }

  setPages(chapterId: number, pages: PageInput[]): Promise<void> {
    return this.atomic(async (trx) => {
      await trx.deleteFrom('chapter_pages').where('chapter_id', '=', chapterId).execute();
      await insertBatched(trx, 'chapter_pages', rows.pageRows(chapterId, pages));
    });
  }

  async createVodType(input: VodTypeInput): Promise<number> {
    // vod_types ids are not numbered by the database (the demo keeps fixed ones): take the next.
    const id =
      input.id ??
      Number(
        (
          await this.db
            .selectFrom('vod_types')
            .select((e) => e.fn.max('id').as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      ) + 1;
    await this.db.insertInto('vod_types').values({ id, name: input.name, sort: input.sort }).execute();
    return id;
  }

  listVodTypes(): Promise<VodType[]> {
    return this.db
      .selectFrom('vod_types')
      .select(['id', 'name', 'sort'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async createVod(input: VodInput): Promise<number> {
    const row = await this.db
      .insertInto('vods')
      .values(rows.vodRow(input, nowIso(), searchText(input.name)))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  updateVod(id: number, patch: VodPatch): Promise<boolean> {
    const set = rows.vodPatch(patch);
    if (patch.name !== undefined) set.search_text = searchText(patch.name);
    return this.update('vods', id, set);
  }

  async findVodByMediaKey(mediaKey: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('vods')
      .select('id')
      .where('media_key', '=', mediaKey)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  setMarkers(vodId: number, markers: VodMarkerInput[]): Promise<void> {
    return this.atomic(async (trx) => {
      await trx.deleteFrom('vod_markers').where('vod_id', '=', vodId).execute();
      await insertBatched(trx, 'vod_markers', rows.markerRows(vodId, markers));
    });
  }

  async addDanmu(vodId: number, danmu: DanmuInput[]): Promise<void> {
    await this.atomic((trx) => insertBatched(trx, 'vod_danmu', rows.danmuRows(vodId, danmu)));
  }

  async createAd(input: AdInput): Promise<number> {
    const row = await this.db
      .insertInto('ads')
      .values(rows.adRow(input))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  updateAd(id: number, patch: AdPatch): Promise<boolean> {
    return this.update('ads', id, rows.adPatch(patch));
  }

  deleteAd(id: number): Promise<boolean> {
    return this.delete('ads', id);
  }

  async createPlayerAd(input: PlayerAdInput): Promise<number> {
    const row = await this.db
      .insertInto('player_ads')
      .values(rows.playerAdRow(input))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  updatePlayerAd(id: number, patch: PlayerAdPatch): Promise<boolean> {
    return this.update('player_ads', id, rows.playerAdPatch(patch));
  }

  deletePlayerAd(id: number): Promise<boolean> {
    return this.delete('player_ads', id);
  }

  setShowcase(type: CuratedShowcase, bookIds: number[]): Promise<void> {
    return this.atomic(async (trx) => {
      await trx.deleteFrom('showcase_items').where('type', '=', type).execute();
      await insertBatched(
        trx,
        'showcase_items',
        bookIds.map((bookId, sort) => ({ type, book_id: bookId, sort })),
      );
    });
  }

  setHotWords(words: string[]): Promise<void> {
    return this.atomic(async (trx) => {
      await trx.deleteFrom('hot_words').execute();
      await insertBatched(
        trx,
        'hot_words',
        words.map((word, sort) => ({ word, sort })),
      );
    });
  }
}

/** Chapters and their pages in batched statements; their ids in the order given. */
async function insertChapters(trx: Kysely<DB>, bookId: number, chapters: ChapterInput[]): Promise<number[]> {
  const now = nowIso();
  const idOf = new Map<number, number>();
  for (const batch of batches(chapters.map((c) => rows.chapterRow(bookId, c, now)))) {
    const inserted = await trx.insertInto('chapters').values(batch).returning(['id', 'number']).execute();
    // Ids by number: neither engine promises the order of RETURNING's rows.
    for (const r of inserted) idOf.set(r.number, r.id);
  }
  const ids = chapters.map((c) => idOf.get(c.number)!);
  const pages = chapters.flatMap((c, i) => rows.pageRows(ids[i]!, c.pages ?? []));
  await insertBatched(trx, 'chapter_pages', pages);
  return ids;
}

/** Sets a book's chapter count to its chapters as they stand. */
async function countChapters(db: Kysely<DB>, bookId: number): Promise<void> {
  await db
    .updateTable('books')
    .set((e) => ({
      chapter_count: e
        .selectFrom('chapters')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('chapters.book_id', '=', bookId),
    }))
    .where('id', '=', bookId)
    .execute();
}
