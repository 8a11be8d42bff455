import { useState } from 'react';
import { Msg, ShelfText } from '../../../contract';
import { removeFromShelf, useShelf } from '../../lib/device/shelf';
import { BookCover } from '../comics/BookCover';
import { SmallBookCard } from '../comics/BookCards';
import { EmptyState } from '../../components/EmptyState';
import { DownloadedTag } from '../downloads/DownloadedMark';
import { useDownloadedBooks } from '../downloads/live';

/** Favourites: a grid of covers; 取消订阅 switches to choosing books to remove. */
export function FavouritesTab() {
  const shelf = useShelf();
  const downloaded = useDownloadedBooks();
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  if (shelf === undefined) return <div className="list-status" aria-busy="true" />;
  if (shelf.length === 0) return <EmptyState kind="shelf" />;
  const toggle = (id: number) =>
    setPicked((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const stop = () => {
    setEditing(false);
    setPicked(new Set());
  };
  return (
    <>
      <div className="shelf-toolbar">
        {editing ? (
          <>
            <button
              type="button"
              className="shelf-tool"
              onClick={() =>
                setPicked(picked.size === shelf.length ? new Set() : new Set(shelf.map((b) => b.bookId)))
              }
            >
              {picked.size === shelf.length ? ShelfText.unselectAll : ShelfText.selectAll}
            </button>
            <button
              type="button"
              className="shelf-tool danger"
              disabled={picked.size === 0}
              onClick={() => void removeFromShelf([...picked]).then(stop)}
            >
              {ShelfText.deletePicked(picked.size)}
            </button>
            <button type="button" className="shelf-tool" onClick={stop}>
              {ShelfText.done}
            </button>
          </>
        ) : (
          <button type="button" className="shelf-tool" onClick={() => setEditing(true)}>
            {ShelfText.edit}
          </button>
        )}
      </div>
      <ul className="book-grid">
        {shelf.map((b) => (
          <li key={b.bookId}>
            {editing ? (
              <label className="book-small shelf-pick">
                <span className="book-small-cover">
                  <BookCover src={b.cover} title={b.title} />
                  <input
                    type="checkbox"
                    className="shelf-check"
                    checked={picked.has(b.bookId)}
                    onChange={() => toggle(b.bookId)}
                    aria-label={ShelfText.pick(b.title)}
                  />
                </span>
                <span className="book-small-title">{b.title}</span>
              </label>
            ) : (
              <SmallBookCard
                book={b}
                badge={downloaded?.has(b.bookId) ? <DownloadedTag on="cover" /> : undefined}
              />
            )}
          </li>
        ))}
      </ul>
      <div className="list-status list-end">{Msg.endOfList}</div>
    </>
  );
}
