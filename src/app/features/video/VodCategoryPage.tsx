import './video.css';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { VodBrief } from '../../../contract';
import { EmptyState } from '../../components/EmptyState';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { fetchVodIndex, fetchVodPage, vodKeys } from '../../lib/api/vods';
import { nextPageParam } from '../../lib/paging';
import { VodCard } from './VodCard';
import { VideoText } from '../../../contract';

const route = getRouteApi('/vod/category');

/** /vod/category?cid=: the type's videos; the title is the type's name from data. */
export function VodCategoryPage() {
  const { cid = 0 } = route.useSearch();
  const shelves = useQuery({ queryKey: vodKeys.index(), queryFn: fetchVodIndex });
  const title = shelves.data?.find((s) => s.typeId === cid)?.typeName ?? VideoText.title;
  const q = useInfiniteQuery({
    queryKey: vodKeys.category(cid),
    queryFn: ({ pageParam }) => fetchVodPage(cid, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
  const vods = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Page title={title}>
      <InfiniteList
        className="vod-grid vod-list"
        query={q}
        items={vods}
        itemKey={(v: VodBrief) => v.vodId}
        renderItem={(v: VodBrief, i) => <VodCard vod={v} eager={i < 4} />}
        empty={<EmptyState kind="vodList" />}
      />
    </Page>
  );
}
