import {
  Api,
  apiPath,
  type DanmuPostBody,
  type Vod,
  type VodDanmu,
  type VodIndexData,
  type VodList,
  type VodPlayUrl,
  type VodShelfPage,
} from '../../../contract';
import { apiGet, apiPost, unwrap } from './http';

/** Query keys of the video resource (one place, so invalidation after a buy hits them all). */
export const vodKeys = {
  all: ['vod'] as const,
  index: () => [...vodKeys.all, 'index'] as const,
  category: (cid: number) => [...vodKeys.all, 'category', cid] as const,
  search: (keyword: string) => [...vodKeys.all, 'search', keyword] as const,
  watch: (vodId: number) => [...vodKeys.all, 'watch', vodId] as const,
  orders: () => [...vodKeys.all, 'orders'] as const,
};

/** Shelves of the video home, one per type that has videos (typeName is data). */
export async function fetchVodIndex(): Promise<VodIndexData> {
  return unwrap(await apiGet<VodIndexData>(Api.vodIndex, { host: 'static', auth: 'optional' }));
}

export async function fetchVodPage(category: number, page: number): Promise<VodList> {
  return unwrap(
    await apiGet<VodList>(apiPath(Api.vodPage, { category, page }), { host: 'static', auth: 'optional' }),
  );
}

/** One page of search results (20 per page; a next page exists only when a full page came back). */
export async function searchVods(content: string, currentPage: number): Promise<VodList> {
  return unwrap(
    await apiPost<VodList>(Api.vodSearch, { auth: 'optional', searchParams: { content, currentPage } }),
  );
}

/** The video with its play URL for this user: full master when bought, else the trial master. */
export async function watchVod(vodId: number): Promise<Vod> {
  return unwrap(await apiPost<Vod>(Api.vodWatch, { auth: 'required', body: { vodId } }));
}

/** A fresh signed full-video URL of a bought video (the player renews its URL with it before expiry). */
export async function renewVodPlayUrl(vodId: number): Promise<string> {
  return unwrap(await apiPost<VodPlayUrl>(Api.vodPlayUrl, { auth: 'required', body: { vodId } })).vodPlayUrl;
}

/** Posts a comment on the video clock; the answer is the stored comment. */
export async function postDanmu(body: DanmuPostBody): Promise<VodDanmu> {
  return unwrap(await apiPost<VodDanmu>(Api.vodDanmu, { auth: 'required', body }));
}

/** Buy answer as is: the screen reads code and msg (200 bought, 999 too few coins). */
export function buyVod(vodId: number) {
  return apiPost<unknown>(Api.vodBuy, { auth: 'required', body: { vodId } });
}

export async function fetchVodOrders(page: number): Promise<VodShelfPage> {
  return unwrap(await apiGet<VodShelfPage>(apiPath(Api.vodOrders, { page }), { auth: 'required' }));
}
