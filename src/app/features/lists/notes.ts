import { ListNote, type Book } from '../../../contract';
import { formatCount } from '../comics/format';

/** What a list ranks by, said under each book, so a reader sees why it stands where it does. */
export type NoteKind = 'published' | 'updated' | 'updateDay' | 'perDay' | 'week' | 'total';

const HOUR_MS = 3_600_000;
/** 人气 counts a book as at least this old (server services/catalogue/books.ts POPULAR_MIN_DAYS). */
const POPULAR_MIN_DAYS = 30;

const hoursSince = (iso: string | undefined, now: number) => {
  const at = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.floor((now - at) / HOUR_MS));
};

/**
 * The note of `book` on a list ranked by `kind`; undefined when the answer lacks what it needs. A large
 * row has room for the update list's reads too; a small card says the day only.
 */
export function noteOf(
  kind: NoteKind,
  book: Partial<Book>,
  now = Date.now(),
  room: 'small' | 'large' = 'small',
): string | undefined {
  switch (kind) {
    case 'published': {
      const h = hoursSince(book.publishedAt, now);
      return h === undefined ? undefined : ListNote.published(Math.floor(h / 24));
    }
    case 'updated': {
      const h = hoursSince(book.updatedAt, now);
      return h === undefined ? undefined : ListNote.updated(h);
    }
    case 'updateDay': {
      const h = hoursSince(book.updatedAt, now);
      if (h === undefined) return undefined;
      const day = ListNote.updateDay(Math.floor(h / 24));
      return room === 'large' && book.readCount !== undefined
        ? ListNote.updateDayReads(day, formatCount(book.readCount))
        : day;
    }
    case 'perDay': {
      const h = hoursSince(book.publishedAt, now);
      if (h === undefined || book.readCount === undefined) return undefined;
      return ListNote.perDay(formatCount(Math.round(book.readCount / Math.max(POPULAR_MIN_DAYS, h / 24))));
    }
    case 'week':
      return book.weekReadCount === undefined ? undefined : ListNote.week(formatCount(book.weekReadCount));
    case 'total':
      return book.readCount === undefined ? undefined : ListNote.total(formatCount(book.readCount));
  }
}
