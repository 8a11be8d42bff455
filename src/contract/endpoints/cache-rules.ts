import { endpointIds, endpoints, type CacheKind } from './table.js';

/** A GET path's fixed part: up to its first `:param` (the whole path when it has none). */
const prefixOf = (path: string) => {
  const at = path.indexOf(':');
  return at < 0 ? path : path.slice(0, at);
};

const cachedPrefixes = (kinds: CacheKind[]) =>
  endpointIds
    .map((id) => endpoints[id])
    .filter((e) => e.method === 'GET' && kinds.includes(e.cache))
    .map((e) => prefixOf(e.path));

/**
 * GET calls the service worker may cache (catalogue reads and chapters, for reading on a weak or no
 * connection): the table's calls of cache kind catalogue or per-user. Account, purchase and payment
 * calls never.
 */
export const CACHEABLE_API_PREFIXES: readonly string[] = cachedPrefixes(['catalogue', 'per-user']);

/**
 * A GET carrying this header asks the service worker only for the answer it keeps (its reading cache or
 * a download), never the network: the reader shows a chapter kept on the phone at once while the server's
 * own answer, asked for alongside, is on its way on a weak connection (and replaces it, or locks it).
 * Nothing kept: an empty 204.
 */
export const KEPT_ANSWER_HEADER = 'x-inkreel-kept';

/**
 * Cacheable answers that carry the caller's own bits (chapter access, bought flags, last chapter, sign-in
 * state): the worker keeps them per user, so after an account switch nobody is shown another's answers.
 */
export const PER_USER_CACHEABLE_PREFIXES: readonly string[] = cachedPrefixes(['per-user']);
