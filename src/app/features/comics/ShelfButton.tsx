import { Msg, ReaderChromeText, type Book } from '../../../contract';
import type { BookRef } from '../../lib/db';
import { toggleShelf, useIsOnShelf } from '../../lib/device/shelf';

/** 加入收藏 / 移除收藏: the shelf toggle (a title already there is removed, spec §4). */
export function ShelfButton({
  book,
  className,
  short = false,
}: {
  book: Book | BookRef;
  className?: string;
  /** The reader's bar says 收藏 / 移出书架 (a bare 移除 left the reader guessing what it removes). */
  short?: boolean;
}) {
  const on = useIsOnShelf(book.title);
  const label = on
    ? short
      ? ReaderChromeText.removeFromShelf
      : Msg.removeShelf
    : short
      ? Msg.favourite
      : Msg.addShelf;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={on ?? false}
      disabled={on === undefined}
      onClick={() => void toggleShelf(book)}
    >
      {label}
    </button>
  );
}
