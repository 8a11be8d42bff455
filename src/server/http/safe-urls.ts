import { safeHttpUrl } from '../../contract/urls.js';

/**
 * Links taken from a query string or a form, for pages we render or redirects we send: one set of
 * rules for the report page, the pay return URL and the sandbox cashier.
 */

/**
 * A same-origin URL as a path for our own markup, or null when its path would read as another host:
 * the parser keeps `/.//evil.example` as the path `//evil.example`, which a browser follows off-site.
 */
function sitePath(url: URL): string | null {
  return /^[\\/]{2}/.test(url.pathname) ? null : `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A return link must stay on this site: a relative URL, or an absolute one on one of `ownOrigins`
 * (the first is the origin the caller used). A relative one comes back as a path, an absolute one as
 * given (normalised); anything else (other hosts, `//host`, `/\host`, `/.//host`, javascript:) → `fallback`.
 */
export function safeReturnUrl(raw: string | undefined | null, ownOrigins: string[], fallback = '/'): string {
  if (!raw || ownOrigins.length === 0) return fallback;
  try {
    // 'http://host:80' and 'http://host' are one origin.
    const own = ownOrigins.map((o) => new URL(o).origin);
    const origin = own[0]!;
    const url = new URL(raw, `${origin}/`);
    if (!/^https?:$/.test(url.protocol) || !own.includes(url.origin)) return fallback;
    const relative = !/^\s*(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i.test(raw);
    return relative ? (sitePath(url) ?? fallback) : url.href;
  } catch {
    return fallback;
  }
}

/**
 * The report page's support link comes from configuration only: a same-origin page, or one of the
 * configured support URLs (chat, complaint). The app adds the user's account to those, so the query
 * may differ; origin and path must match. Anything else (an attacker's chat page) → no link.
 */
export function safeServiceUrl(raw: string | undefined, origin: string, configured: string[]): string | null {
  const url = safeHttpUrl(raw, origin);
  if (!url) return null;
  const parsed = new URL(url);
  if (parsed.origin === new URL(origin).origin) return sitePath(parsed);
  const allowed = configured
    .map((c) => safeHttpUrl(c, origin))
    .filter((c): c is string => c !== null)
    .map((c) => new URL(c));
  return allowed.some((a) => a.origin === parsed.origin && a.pathname === parsed.pathname) ? url : null;
}
