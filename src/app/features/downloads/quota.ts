/**
 * Storage rules: what a download will take, and whether the browser has room for it. A download that
 * would pass the quota is refused before it starts (Mihon refuses below a free-space floor too).
 */

/** A chapter's size before any is known (the demo's run 100–300 KB; a real one's pages are larger). */
export const DEFAULT_CHAPTER_BYTES = 1024 * 1024;
/** Room kept free for everything else the app stores (shell, reading cache, device data). */
export const QUOTA_RESERVE_RATIO = 0.05;

export interface StorageEstimateLike {
  usage?: number;
  quota?: number;
}

/** Expected bytes of `count` chapters: the mean of those already downloaded, else the default. */
export function estimateBytes(count: number, done: ReadonlyArray<{ bytes: number }>): number {
  const known = done.filter((d) => d.bytes > 0);
  const mean = known.length ? known.reduce((s, d) => s + d.bytes, 0) / known.length : DEFAULT_CHAPTER_BYTES;
  return Math.ceil(count * mean);
}

export type QuotaVerdict = { ok: true } | { ok: false; need: number; free: number };

/**
 * Refuses when usage plus the download would pass the quota less its reserve. A browser that tells
 * nothing (no StorageManager) is not refused: the write itself then fails and the chapter is retried.
 */
export function checkQuota(estimate: StorageEstimateLike | null, needBytes: number): QuotaVerdict {
  if (!estimate || !estimate.quota) return { ok: true };
  const usage = estimate.usage ?? 0;
  const free = Math.max(0, Math.floor(estimate.quota * (1 - QUOTA_RESERVE_RATIO) - usage));
  return needBytes <= free ? { ok: true } : { ok: false, need: needBytes, free };
}
