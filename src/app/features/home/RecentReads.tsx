import { Link } from '@tanstack/react-router';
import { PlainLink } from '../../components/PlainLink';
import { HOME_RECENT_READS, HomeText } from '../../../contract';
import { useHistory } from '../../lib/device/history';
import { BookCover } from '../comics/BookCover';
import { chapterLabel } from '../comics/format';
import { SectionHeader } from './SectionHeader';

/** 最近阅读: the last HOME_RECENT_READS books of the local history, each opening its chapter. */
export function RecentReads() {
  const recent = useHistory(HOME_RECENT_READS);
  if (!recent || recent.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-recent">
      <SectionHeader id="home-recent" title={HomeText.recentReads} />
      <ul className="book-grid">
        {recent.map((h) => (
          <li key={h.bookId}>
            <PlainLink
              link={{
                to: '/book/read/$id/$number',
                params: { id: String(h.bookId), number: String(h.number) },
              }}
              className="book-small"
              aria-label={HomeText.readToOf(h.title, chapterLabel(h.number))}
            >
              <span className="book-small-cover">
                <BookCover src={h.cover} title={h.title} />
              </span>
              <span className="book-small-title">{h.title}</span>
              <span className="book-small-sub">{HomeText.readTo(chapterLabel(h.number))}</span>
            </PlainLink>
          </li>
        ))}
      </ul>
      <Link to="/shelf" search={{ active: 'history' }} className="recent-more">
        {HomeText.allHistory} ›
      </Link>
    </section>
  );
}
