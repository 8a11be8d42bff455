import './video.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Msg, VideoText, CommonText } from '../../../contract';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { fetchVodIndex, vodKeys } from '../../lib/api/vods';
import { VodGrid } from './VodCard';

/** /vod: one shelf per video type (names come from data), each with a link to its category. */
export function VodHomePage() {
  const q = useQuery({ queryKey: vodKeys.index(), queryFn: fetchVodIndex });
  return (
    <Page
      title={VideoText.title}
      back={false}
      right={
        <Link to="/search-vod" className="vod-search-link" aria-label={VideoText.search}>
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" strokeLinecap="round" />
          </svg>
        </Link>
      }
    >
      {q.isPending && (
        <div className="list-status" aria-busy="true">
          {CommonText.loading}
        </div>
      )}
      {q.isError && (
        <div className="list-status">
          {Msg.loadFailed}
          <button type="button" className="list-retry" onClick={() => void q.refetch()}>
            {CommonText.reload}
          </button>
        </div>
      )}
      {q.data?.length === 0 && (
        <EmptyState kind="vodHome" onReload={() => void q.refetch()} reloading={q.isFetching} />
      )}
      {q.data?.map((shelf, i) => (
        <section key={shelf.typeId} className="vod-shelf" aria-labelledby={`vod-shelf-${shelf.typeId}`}>
          <header className="vod-shelf-head">
            <h2 id={`vod-shelf-${shelf.typeId}`}>{shelf.typeName}</h2>
            <Link
              to="/vod/category"
              search={{ cid: shelf.typeId }}
              className="vod-shelf-more"
              aria-label={CommonText.moreOf(shelf.typeName)}
            >
              {CommonText.more} ›
            </Link>
          </header>
          <VodGrid vods={shelf.vods} eagerCount={i === 0 ? 2 : 0} />
        </section>
      ))}
    </Page>
  );
}
