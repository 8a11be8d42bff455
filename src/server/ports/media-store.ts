import type { Readable } from 'node:stream';

/**
 * Where media lives (pictures, HLS playlists and segments, subtitles, posters, ad clips), addressed by
 * content key — `img/{hash}_{size}_0.img`, `vod/{mediaKey}/v360/seg_001.ts` — never by file path, so
 * the same code runs on a local disk or on S3-compatible storage (one adapter each under infra/).
 * Keys are relative, '/'-separated, with no '.' or '..' segment; adapters refuse anything else.
 */
export interface MediaObjectInfo {
  key: string;
  /** Bytes. */
  size: number;
  /** A strong validator of the stored bytes, when the store keeps one. */
  etag?: string;
  modifiedAt?: Date;
}

/** An inclusive byte range, as HTTP's Range header states it. */
export interface ByteRange {
  start: number;
  /** Inclusive; omitted: to the end. */
  end?: number;
}

export interface MediaRead {
  info: MediaObjectInfo;
  /** The bytes asked for (the whole object, or the range), streamed: never buffered whole. */
  body: Readable;
  /** The range served, when one was asked for. */
  range?: { start: number; end: number };
}

/** Who asks for an object, and until when: what a producer of missing objects may go by. */
export interface MediaAsk {
  /** Aborts when the caller went away (e.g. the HTTP request was cancelled). */
  signal?: AbortSignal;
  /** Who asks (a client's address): producers share their work fairly between askers. */
  requester?: string;
}

/**
 * Called when a key is missing on read or head: may produce the object (e.g. the demo plugin's drawing on
 * first request) and resolve true, or resolve false. `ask.signal` aborts when every caller went away.
 * It may reject with media/busy.ts's MediaBusyError when it will not produce the object for this asker now.
 */
export type MissHandler = (key: string, ask: MediaAsk) => Promise<boolean>;

export interface MediaStore {
  /** Size and validator, or null when there is no such object. */
  head(key: string, opts?: MediaAsk): Promise<MediaObjectInfo | null>;
  /**
   * A stream of the object's bytes (or of `range`), or null when there is no such object. A range's
   * end past the object's end is cut to it; a range that starts past the end rejects with a RangeError
   * (HTTP's 416: callers that take ranges from a client check them against `head` first).
   */
  read(key: string, opts?: MediaAsk & { range?: ByteRange }): Promise<MediaRead | null>;
  /**
   * The whole object in memory: only for small objects (playlists, recipes), null when missing. Like
   * head and read, a miss goes to the miss handlers first; `exists` never does (producers use it).
   */
  readAll(key: string): Promise<Buffer | null>;
  /** Stores the whole object atomically: a reader sees the old object, or the new one whole. */
  write(key: string, data: Uint8Array | string | Readable): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; no error when it is not there. */
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (e.g. `vod/abc/`), in no particular order. */
  list(prefix: string): AsyncIterable<string>;
  /**
   * Registers what produces missing objects under `prefix` (the demo plugin's drawings): the handler of
   * the longest matching prefix runs once per key at a time (concurrent misses of a key share its
   * call), then the read is tried again. One handler per prefix.
   */
  onMiss(prefix: string, handler: MissHandler): void;
}
