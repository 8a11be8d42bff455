import type { ByteRange } from '../../ports/media-store.js';

/**
 * What a media store accepts as a byte range (ports/media-store.ts), checked by every adapter before
 * it opens the object: whole non-negative numbers, the end (when given) not before the start. A range
 * past the object's end is a different refusal (RangeError too), known only once the size is.
 */
export function assertByteRange(range: ByteRange): void {
  const ok =
    Number.isSafeInteger(range.start) &&
    range.start >= 0 &&
    (range.end === undefined || (Number.isSafeInteger(range.end) && range.end >= range.start));
  if (!ok) throw new RangeError(`bad byte range ${range.start}-${range.end ?? ''}`);
}

/** The range a store serves of an object of `size` bytes: the end cut to the last byte. */
export function servedRange(range: ByteRange, size: number): { start: number; end: number } {
  const end = Math.min(range.end ?? Infinity, size - 1);
  if (range.start > end)
    throw new RangeError(`range ${range.start}-${range.end ?? ''} is past the end (${size} bytes)`);
  return { start: range.start, end };
}
