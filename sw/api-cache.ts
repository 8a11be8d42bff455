import { Header } from '../src/contract/api';
import { PER_USER_CACHEABLE_PREFIXES } from '../src/contract/endpoints';
import { Code } from '../src/contract/codes';

/** A chapter fetched ahead of reading (prefetch=1) is the same answer as the chapter opened later. */
const IGNORED_PARAMS = ['prefetch'];
const USER_PARAM = '__user';

/** The cache key of an API answer: without parameters that do not change it, and per user where it differs. */
export function apiCacheKey(url: string, headers: Pick<Headers, 'get'>): string {
  const u = new URL(url);
  for (const p of IGNORED_PARAMS) u.searchParams.delete(p);
  if (PER_USER_CACHEABLE_PREFIXES.some((p) => u.pathname.startsWith(p)))
    u.searchParams.set(USER_PARAM, headers.get(Header.userId) ?? '');
  u.searchParams.sort();
  return u.href;
}

/**
 * Only answers that gave what was asked are kept: a locked chapter (999), a missing one (400) or a 'reload'
 * (101) would otherwise stand in for the real answer the next time the network is slow or gone.
 */
export async function isGrantedAnswer(res: Response): Promise<boolean> {
  if (res.status !== 200) return false;
  try {
    const body = (await res.clone().json()) as { result?: unknown; code?: unknown };
    return body.result === true && Number(body.code) === Code.OK;
  } catch {
    return false;
  }
}
