import './video.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Msg, purchasedHeading, type VodBrief } from '../../../contract';
import { EmptyState } from '../../components/EmptyState';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { fetchVodOrders, vodKeys } from '../../lib/api/vods';
import { nextPageParam } from '../../lib/paging';
import { VodCard } from './VodCard';

/** /shelf-vod: the videos this user bought. */
export function VodShelfPage() {
  const q = useInfiniteQuery({
    queryKey: vodKeys.orders(),
    queryFn: ({ pageParam }) => fetchVodOrders(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 0,
  });
  const vods = q.data?.pages.flatMap((p) => p.list) ?? [];
  const count = q.data?.pages[0]?.totalCount ?? 0;
  return (
    <Page title={Msg.boughtVideos} back={false}>
      <h2 className="vod-section-title">{purchasedHeading(count)}</h2>
      <InfiniteList
        className="vod-grid vod-list"
        query={q}
        items={vods}
        itemKey={(v: VodBrief) => v.vodId}
        empty={<EmptyState kind="vods" />}
        renderItem={(v: VodBrief, i) => <VodCard vod={v} eager={i < 4} bought />}
      />
    </Page>
  );
}
