/**
 * A link taken from a query string or a setting, resolved against our origin, kept only when it is an
 * http(s) page: a `javascript:` or `data:` URL must never reach a frame or a link.
 */
export function safeHttpUrl(raw: string | undefined, origin: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, `${origin}/`);
    return /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
