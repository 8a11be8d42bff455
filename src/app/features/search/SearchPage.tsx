import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Msg, SearchText, CommonText } from '../../../contract';
import { Page } from '../../components/Page';
import { showToast } from '../../components/Toaster';
import { bookKeys, fetchHotWords, searchBooks } from '../../lib/api/books';
import { addSearch, clearSearch, useSearchHistory } from '../../lib/device/search-history';
import { LargeBookCard } from '../comics/BookCards';
import { keywordError } from './search-rules';
import './search.css';
import { EmptyState } from '../../components/EmptyState';

/** /search: comic search with 热门搜索 and 搜索历史 (spec §2, §5). */
export function SearchPage() {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState<string>();
  const history = useSearchHistory('comic');
  const hot = useQuery({ queryKey: bookKeys.hotWords(), queryFn: fetchHotWords, staleTime: 10 * 60_000 });
  const results = useQuery({
    queryKey: bookKeys.search(keyword ?? ''),
    queryFn: () => searchBooks(keyword!),
    enabled: keyword !== undefined,
  });

  const run = (raw: string) => {
    const err = keywordError(raw);
    if (err) return showToast(err);
    const w = raw.trim();
    setInput(w);
    setKeyword(w);
    void addSearch('comic', w);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    run(input);
  };

  return (
    <Page title={SearchText.title}>
      <form className="search-bar" role="search" onSubmit={onSubmit}>
        <input
          type="search"
          className="search-input"
          placeholder={Msg.searchPlaceholder}
          aria-label={Msg.searchPlaceholder}
          value={input}
          enterKeyHint="search"
          onChange={(e) => {
            setInput(e.currentTarget.value);
            if (!e.currentTarget.value) setKeyword(undefined);
          }}
        />
        <button type="submit" className="search-submit">
          {SearchText.submit}
        </button>
      </form>
      {keyword === undefined ? (
        <>
          {(hot.data?.hotWords.length ?? 0) > 0 && (
            <section className="search-words" aria-labelledby="hot-words">
              <h2 id="hot-words">{Msg.hotSearch}</h2>
              <ul className="word-chips">
                {hot.data!.hotWords.map((w) => (
                  <li key={w}>
                    <button type="button" className="word-chip hot" onClick={() => run(w)}>
                      {w}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {history && history.length > 0 && (
            <section className="search-words" aria-labelledby="search-history">
              <h2 id="search-history">
                {Msg.searchHistory}
                <button
                  type="button"
                  className="word-clear"
                  aria-label={SearchText.clearHistory}
                  onClick={() => void clearSearch('comic')}
                >
                  {SearchText.clear}
                </button>
              </h2>
              <ul className="word-chips" aria-label={Msg.searchHistory}>
                {history.map((w) => (
                  <li key={w}>
                    <button type="button" className="word-chip" onClick={() => run(w)}>
                      {w}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      ) : results.isPending ? (
        <div className="list-status" aria-busy="true">
          {CommonText.loading}
        </div>
      ) : results.isError ? (
        <div className="list-status">{Msg.loadFailed}</div>
      ) : results.data.length === 0 ? (
        <EmptyState kind="search" />
      ) : (
        <ul className="book-rows search-results" aria-label={SearchText.results}>
          {results.data.map((b) => (
            <li key={b.bookId}>
              <LargeBookCard book={b} />
            </li>
          ))}
          <li className="list-status list-end">{Msg.endOfList}</li>
        </ul>
      )}
    </Page>
  );
}
