import { sql, type Kysely } from 'kysely';
import {
  COVER_SIZE,
  PAGE_SIZE_PX,
  imageUrl,
  type ChapterReadInfo,
  type ChapterUnpaid,
  type PicGroup,
} from '../../../contract/index.js';
import { prepared } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';
import { chapterAccess } from '../access.js';
import { shanghaiDay } from '../shanghai-day.js';
import { pruneOncePerDay } from './day-marks.js';
import { rollRankWeek } from './rank-week.js';

export type ReadResult =
  { kind: 'ok'; info: ChapterReadInfo } | { kind: 'missing' } | { kind: 'locked'; unpaid: ChapterUnpaid };

/** A chapter read's queries, prepared once (db/prepared.ts): they run on every page a reader turns to. */
const q = {
  book: prepared((db, p: { bookId: number }) =>
    db.selectFrom('books').select(['id', 'title', 'cover_hash', 'vip_free']).where('id', '=', p.bookId),
  ),
  chapter: prepared((db, p: { bookId: number; number: number }) =>
    db
      .selectFrom('chapters')
      .select(['id', 'number', 'title', 'cover_hash', 'price', 'pic_split_count', 'content'])
      .where('book_id', '=', p.bookId)
      .where('number', '=', p.number),
  ),
  pages: prepared((db, p: { chapterId: number }) =>
    db
      .selectFrom('chapter_pages')
      .select(['width', 'height', 'parts'])
      .where('chapter_id', '=', p.chapterId)
      .orderBy('idx'),
  ),
  bounds: prepared((db, p: { bookId: number; number: number }) =>
    db
      .selectFrom('chapters')
      .where('book_id', '=', p.bookId)
      .select((eb) => [
        eb.fn.max(eb.case().when('number', '<', p.number).then(eb.ref('number')).end()).as('last'),
        eb.fn.min(eb.case().when('number', '>', p.number).then(eb.ref('number')).end()).as('next'),
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>('price').as('bookPrice'),
      ]),
  ),
  markRead: prepared((db, p: { day: string; chapterId: number; reader: string }) =>
    db
      .insertInto('read_marks')
      .values({ day: p.day, chapter_id: p.chapterId, reader: p.reader })
      .onConflict((oc) => oc.columns(['day', 'chapter_id', 'reader']).doNothing())
      .returning('day'),
  ),
  countRead: prepared((db, p: { bookId: number }) =>
    db
      .updateTable('books')
      .set({ read_count: sql`read_count + 1`, week_read_count: sql`week_read_count + 1` })
      .where('id', '=', p.bookId),
  ),
  placeReader: prepared((db, p: { userId: number; bookId: number; number: number; updatedAt: string }) =>
    db
      .insertInto('read_history')
      .values({ user_id: p.userId, book_id: p.bookId, number: p.number, updated_at: p.updatedAt })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'book_id'])
          .doUpdateSet({ number: p.number, updated_at: p.updatedAt })
          .where('read_history.number', '!=', p.number),
      ),
  ),
};

/** Parts are a JSON array of image hashes; a damaged row yields no parts rather than a crash. */
function parseParts(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Opens chapter `number` of a book for the caller. Locked chapters answer what the buy dialog needs;
 * readable ones answer the pages and count a read (and, for a signed-in caller, the reading history).
 */
export async function readChapter(
  db: Kysely<DB>,
  userId: number | null,
  bookId: number,
  number: number,
  now: Date,
  opts: {
    prefetch?: boolean;
    /** Who the read is counted for, once per chapter and day ('u:<id>' or 'a:<address>'). */
    reader?: string;
  } = {},
): Promise<ReadResult> {
  const book = await q.book.executeTakeFirst(db, { bookId });
  if (!book) return { kind: 'missing' };
  const chapter = await q.chapter.executeTakeFirst(db, { bookId, number });
  if (!chapter) return { kind: 'missing' };

  const access = await chapterAccess(db, userId, chapter, book, now);
  if (access === 'locked') {
    const user =
      userId === null
        ? undefined
        : await db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirst();
    return {
      kind: 'locked',
      unpaid: {
        bookId: book.id,
        bookName: book.title,
        bookVipFree: book.vip_free === 1,
        chapterId: chapter.id,
        number: chapter.number,
        title: chapter.title,
        price: chapter.price,
        balance: user?.balance ?? 0,
        cover: imageUrl(chapter.cover_hash, COVER_SIZE),
      },
    };
  }

  const [pages, bounds] = await Promise.all([
    q.pages.execute(db, { chapterId: chapter.id }),
    q.bounds.executeTakeFirst(db, { bookId, number }),
  ]);
  // An aggregate over the book's chapters always answers one row; the chapter itself is one of them.
  if (!bounds) throw new Error(`no chapter bounds for book ${bookId}`);
  const bookPics: PicGroup[] = pages.map((p) => ({
    width: p.width,
    height: p.height,
    parts: parseParts(p.parts).map((h) => imageUrl(h, PAGE_SIZE_PX)),
  }));

  if (!opts.prefetch)
    await recordRead(db, { userId, reader: opts.reader, chapterId: chapter.id }, bookId, number, now);
  return {
    kind: 'ok',
    info: {
      bookId: book.id,
      bookName: book.title,
      bookCover: imageUrl(book.cover_hash, COVER_SIZE),
      bookPics,
      picSplitCount: Math.min(4, Math.max(1, chapter.pic_split_count)),
      bookPrice: Number(bounds.bookPrice ?? 0),
      bookVipFree: book.vip_free === 1,
      chapterId: chapter.id,
      content: chapter.content,
      lastNumber: Number(bounds.last ?? 0),
      nextNumber: Number(bounds.next ?? 0),
      number: chapter.number,
      price: chapter.price,
      title: chapter.title,
      totalNumber: Number(bounds.total),
    },
  };
}

const pruneReadMarks = pruneOncePerDay('read_marks');

/**
 * Counts a read (once per reader, chapter and day when the reader is known) and remembers where a
 * signed-in reader is, in one transaction. Repeated calls cannot push a book up the rankings.
 */
async function recordRead(
  db: Kysely<DB>,
  who: { userId: number | null; reader: string | undefined; chapterId: number },
  bookId: number,
  number: number,
  now: Date,
) {
  const day = shanghaiDay(now);
  await db.transaction().execute(async (trx) => {
    let counts = true;
    if (who.reader !== undefined) {
      const mark = await q.markRead.executeTakeFirst(trx, {
        day,
        chapterId: who.chapterId,
        reader: who.reader,
      });
      // On conflict nothing is inserted and nothing returned: already counted today.
      counts = mark !== undefined;
    }
    if (counts) {
      await rollRankWeek(trx, now);
      await q.countRead.run(trx, { bookId });
    }
    if (who.userId === null) return;
    // Where the reader is in this book (the detail's lastChapter), and since when. Written only when the
    // chapter changes: a reread of the same chapter wrote the row again, a disk sync on every call.
    const updatedAt = now.toISOString();
    await q.placeReader.run(trx, { userId: who.userId, bookId, number, updatedAt });
  });
  await pruneReadMarks(db, day);
}
