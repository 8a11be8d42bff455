/**
 * HTTP Range requests (RFC 9110 §14) for one stored object, read as @fastify/send reads them, so the
 * media routes answer like the static files the ad clips used to be: a header that is not a bytes range
 * is ignored (200), one satisfiable range (overlapping ones merged) is served (206), none satisfiable
 * is 416, and several disjoint ranges get the whole object (200) rather than a multipart answer no
 * player asks for.
 */

export type RangeAnswer =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const BYTES_RANGE = /^ *bytes=/;

export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined || !BYTES_RANGE.test(header)) return { kind: 'whole' };
  const ranges: { start: number; end: number }[] = [];
  for (const spec of header.slice(header.indexOf('=') + 1).split(',')) {
    const dash = spec.indexOf('-');
    if (dash < 0) continue;
    let start = parseInt(spec.slice(0, dash), 10);
    let end = parseInt(spec.slice(dash + 1), 10);
    if (Number.isNaN(start)) {
      // -N: the last N bytes (all of them when N is larger than the object).
      start = Math.max(0, size - end);
      end = size - 1;
    } else if (Number.isNaN(end) || end > size - 1) {
      end = size - 1;
    }
    if (Number.isFinite(start) && Number.isFinite(end) && start >= 0 && start <= end)
      ranges.push({ start, end });
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' };
  ranges.sort((a, b) => a.start - b.start);
  const merged = [ranges[0]!];
  for (const r of ranges.slice(1)) {
    const last = merged[merged.length - 1]!;
    if (r.start > last.end + 1) merged.push(r);
    else last.end = Math.max(last.end, r.end);
  }
  return merged.length === 1 ? { kind: 'part', ...merged[0]! } : { kind: 'whole' };
}

/** Whether an If-None-Match header matches `etag` (weak comparison, as for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Whether an If-Range header lets the range apply: absent, or naming this very representation (a
 * strong ETag match, or a date no earlier than the last change). Otherwise the whole object is sent.
 */
export function rangeStillFresh(
  ifRange: string | undefined,
  etag: string | undefined,
  modifiedAt: Date | undefined,
): boolean {
  if (ifRange === undefined) return true;
  if (ifRange.includes('"')) return etag !== undefined && ifRange.trim() === etag;
  const since = Date.parse(ifRange);
  if (Number.isNaN(since) || !modifiedAt) return false;
  return Math.floor(modifiedAt.getTime() / 1000) * 1000 <= since;
}
