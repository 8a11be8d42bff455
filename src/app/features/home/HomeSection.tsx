import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import { useState } from 'react';
import { HOME_SECTION_SIZE, LIST_PAGE_SIZE, type Book, type ShowcaseType } from '../../../contract';
import { bookKeys, fetchShowcase } from '../../lib/api/books';
import { BookGrid, LargeBookCard } from '../comics/BookCards';
import { WideBookCard } from './WideBookCard';
import { nextRefreshPage } from '../lists/paging';
import { RankBadge } from '../lists/BookListView';
import { SectionHeader } from './SectionHeader';

export type SectionLayout = 'grid' | 'wide' | 'rank';

/**
 * A home section: page 1 comes with home/index; 换一批 cycles the showcase pages 1 → 2 → 3 → 1
 * (spec §4), keeping the books on screen until the next ones arrive so nothing jumps.
 */
export function HomeSection({
  type,
  title,
  initial,
  more,
  layout = 'grid',
}: {
  type: ShowcaseType;
  title: string;
  initial: readonly Book[];
  more: LinkProps['to'];
  layout?: SectionLayout;
}) {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: bookKeys.showcasePage(type, page),
    queryFn: () => fetchShowcase(type, page),
    enabled: page > 1,
    placeholderData: keepPreviousData,
  });
  const books = (page === 1 ? initial : (q.data?.bookList ?? initial)).slice(0, HOME_SECTION_SIZE);
  if (initial.length === 0) return null;
  const id = `home-${type}`;
  return (
    <section className={`home-section section-${layout}`} aria-labelledby={id}>
      <SectionHeader
        id={id}
        title={title}
        more={more}
        refreshing={q.isFetching}
        onRefresh={() => setPage(nextRefreshPage(page))}
      />
      {layout === 'grid' && <BookGrid books={books} />}
      {layout === 'wide' && (
        <ul className="wide-list">
          {books.map((b) => (
            <li key={b.bookId}>
              <WideBookCard book={b} />
            </li>
          ))}
        </ul>
      )}
      {layout === 'rank' && (
        <ul className="book-rows">
          {books.map((b, i) => (
            <li key={b.bookId}>
              <LargeBookCard book={b} badge={<RankBadge n={(page - 1) * LIST_PAGE_SIZE + i + 1} />} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
