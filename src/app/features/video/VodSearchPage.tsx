import './video.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Msg, type VodBrief, VideoText } from '../../../contract';
import { EmptyState } from '../../components/EmptyState';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { showToast } from '../../components/toast-store';
import { searchVods, vodKeys } from '../../lib/api/vods';
import { addSearch, clearSearch, useSearchHistory } from '../../lib/device/search-history';
import { keywordError } from '../search/search-rules';
import { VodCard } from './VodCard';
import { searchNextPage } from './search-paging';

/** /search-vod: keyword search with history (vodHisSearch) and paged results. */
export function VodSearchPage() {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState<string | null>(null);
  const history = useSearchHistory('vod') ?? [];

  const run = (raw: string) => {
    const err = keywordError(raw);
    if (err) {
      showToast(err);
      return;
    }
    const w = raw.trim();
    setInput(w);
    setKeyword(w);
    void addSearch('vod', w);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    run(input);
  };

  return (
    <Page title={VideoText.search} back={false}>
      <form className="vod-search-bar" role="search" onSubmit={onSubmit}>
        <input
          type="search"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder={Msg.vodSearchPlaceholder}
          aria-label={Msg.vodSearchPlaceholder}
          enterKeyHint="search"
        />
        <button type="submit">{VideoText.submit}</button>
      </form>
      {history.length > 0 && (
        <section className="vod-history" aria-labelledby="vod-history-title">
          <header>
            <h2 id="vod-history-title">{Msg.searchHistory}</h2>
            <button type="button" className="vod-history-clear" onClick={() => void clearSearch('vod')}>
              {VideoText.clear}
            </button>
          </header>
          <ul>
            {history.map((w) => (
              <li key={w}>
                <button type="button" onClick={() => run(w)}>
                  {w}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {keyword !== null && <SearchResults keyword={keyword} />}
    </Page>
  );
}

function SearchResults({ keyword }: { keyword: string }) {
  const q = useInfiniteQuery({
    queryKey: vodKeys.search(keyword),
    queryFn: ({ pageParam }) => searchVods(keyword, pageParam),
    initialPageParam: 1,
    getNextPageParam: searchNextPage,
  });
  const vods = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="vod-results" aria-label={Msg.vodSearchResults}>
      <h2 className="vod-section-title">
        {Msg.vodSearchResults}
        {keyword}
      </h2>
      <InfiniteList
        className="vod-grid vod-list"
        query={q}
        items={vods}
        itemKey={(v: VodBrief) => v.vodId}
        renderItem={(v: VodBrief) => <VodCard vod={v} />}
        empty={<EmptyState kind="vodSearch" />}
      />
    </section>
  );
}
