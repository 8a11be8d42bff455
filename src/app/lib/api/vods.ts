import type {
  DanmuPostBody,
  Vod,
  VodDanmu,
  VodIndexData,
  VodInfo,
  VodList,
  VodShelfPage,
} from '../../../contract';
import { call, unwrap } from './http';

/** Query keys of the video resource (one place, so invalidation after a buy hits them all). */
export const vodKeys = {
  all: ['vod'] as const,
  index: () => [...vodKeys.all, 'index'] as const,
  category: (cid: number) => [...vodKeys.all, 'category', cid] as const,
  search: (keyword: string) => [...vodKeys.all, 'search', keyword] as const,
  watch: (vodId: number) => [...vodKeys.all, 'watch', vodId] as const,
  info: (vodId: number) => [...vodKeys.all, 'info', vodId] as const,
  orders: () => [...vodKeys.all, 'orders'] as const,
};

/** Shelves of the video home, one per type that has videos (typeName is data). */
export const fetchVodIndex = (): Promise<VodIndexData> => call('vodIndex').then(unwrap);

export const fetchVodPage = (category: number, page: number): Promise<VodList> =>
  call('vodPage', { params: { category, page } }).then(unwrap);

/** One page of search results (20 per page; a next page exists only when a full page came back). */
export const searchVods = (content: string, currentPage: number): Promise<VodList> =>
  call('vodSearch', { query: { content, currentPage } }).then(unwrap);

/** The video with its play URL for this user: full master when bought, else the trial master. */
export const watchVod = (vodId: number): Promise<Vod> => call('vodWatch', { body: { vodId } }).then(unwrap);

/**
 * The watch answer decides trial or full play, so every visit of the page asks anew: the route asks as
 * the navigation starts (routes/vod-detail.tsx, `fresh`), and the page showing that answer does not ask
 * again on mount. Codes (101…) are answers the page acts on: not retried.
 */
export const watchQuery = (vodId: number, fresh = false) => ({
  queryKey: vodKeys.watch(vodId),
  queryFn: () => watchVod(vodId),
  staleTime: fresh ? 0 : 10_000,
  retry: false,
});

/**
 * The video's public facts when the phone already has them (inlined in the page of a first visit, or kept
 * by the service worker), null otherwise — never a network call: the page shows its title and poster from
 * them while the caller's own watch answer is on its way.
 */
export const keptVodInfoQuery = (vodId: number) => ({
  queryKey: vodKeys.info(vodId),
  queryFn: (): Promise<VodInfo | null> =>
    call('vodInfo', { params: { vodId } }, { kept: true })
      .then(unwrap)
      .catch(() => null),
  retry: false,
  staleTime: Infinity,
});

/** A fresh signed full-video URL of a bought video (the player renews its URL with it before expiry). */
export const renewVodPlayUrl = async (vodId: number): Promise<string> =>
  unwrap(await call('vodPlayUrl', { body: { vodId } })).vodPlayUrl;

/** Posts a comment on the video clock; the answer is the stored comment. */
export const postDanmu = (body: DanmuPostBody): Promise<VodDanmu> => call('vodDanmu', { body }).then(unwrap);

/** Buy answer as is: the screen reads code and msg (200 bought, 999 too few coins). */
export const buyVod = (vodId: number) => call('vodBuy', { body: { vodId } });

export const fetchVodOrders = (page: number): Promise<VodShelfPage> =>
  call('vodOrders', { params: { page } }).then(unwrap);
