import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import { memo, useState } from 'react';
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
 * (spec §4) over the pages that exist. The next page is fetched before it is shown, so the books on
 * screen stay until the next ones arrive and an empty page is never shown: a page past the showcase's
 * totalPage starts the cycle again. Memoised: the home screen re-renders as its other answers come in,
 * and a section's props (page 1 of home/index, its title and links) stay the same objects.
 */
export const HomeSection = memo(function HomeSection({
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
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  // Unknown until a showcase page answered (home/index does not say).
  const [totalPage, setTotalPage] = useState<number>();
  const [fetching, setFetching] = useState(false);
  const pageQuery = (p: number) => ({
    queryKey: bookKeys.showcasePage(type, p),
    queryFn: () => fetchShowcase(type, p),
  });
  const q = useQuery({ ...pageQuery(page), enabled: page > 1 });
  const shown = page > 1 && q.data && q.data.bookList.length > 0 ? q.data.bookList : initial;
  const books = shown.slice(0, HOME_SECTION_SIZE);

  const refresh = async () => {
    const next = nextRefreshPage(page, totalPage);
    if (next === 1) return setPage(1);
    setFetching(true);
    try {
      const data = await client.fetchQuery(pageQuery(next));
      setTotalPage(data.totalPage);
      setPage(data.bookList.length > 0 ? next : 1);
    } catch {
      // The call is rejected and logged; the section keeps what it shows (spec §8).
    } finally {
      setFetching(false);
    }
  };

  if (initial.length === 0) return null;
  const id = `home-${type}`;
  return (
    <section className={`home-section section-${layout}`} aria-labelledby={id}>
      <SectionHeader
        id={id}
        title={title}
        more={more}
        refreshing={fetching || q.isFetching}
        onRefresh={() => void refresh()}
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
              <LargeBookCard
                book={b}
                badge={<RankBadge n={(shown === initial ? 0 : (page - 1) * LIST_PAGE_SIZE) + i + 1} />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
