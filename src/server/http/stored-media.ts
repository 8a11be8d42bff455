import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaAsk, MediaObjectInfo, MediaStore } from '../ports/media-store.js';
import { matchesEtag, rangeOf, rangeStillFresh } from './byte-ranges.js';

export interface StoredAnswer {
  /** Content-Type of the object. */
  type: string;
  cacheControl: string;
  /**
   * A strong validator known without looking at the object (e.g. a picture's hash in its name). When
   * absent, the store's own validator is sent if it keeps one.
   */
  etag?: string;
  /** Sends Last-Modified (objects whose name does not change with their content). */
  lastModified?: boolean;
}

/**
 * Answers with a stored object as it is, streamed and never buffered: 200 with its length, 206 for one
 * byte range, 416 for a range past its end, 304 when If-None-Match names its validator. Resolves
 * 'missing' when there is no such object (nothing is sent: the route decides between 204 and 404).
 * A miss on head or read lets the store's miss handler produce the object first.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  media: MediaStore,
  key: string,
  answer: StoredAnswer,
  /** Who asks and until when: a miss handler producing the object goes by it. */
  ask: MediaAsk = {},
): Promise<FastifyReply | 'missing'> {
  const { range: rangeHeader, 'if-none-match': ifNoneMatch } = request.headers;
  const ifRange = request.headers['if-range'];
  const conditional = answer.etag !== undefined && matchesEtag(ifNoneMatch, answer.etag);
  // Most answers are whole: the object is opened once; its size comes with the stream. A validator
  // asked about that only the store knows (an S3 ETag) needs a look first.
  if (!conditional && rangeHeader === undefined && (ifNoneMatch === undefined || answer.etag !== undefined)) {
    const got = await media.read(key, ask);
    if (!got) return 'missing';
    headers(reply, answer, got.info);
    return reply.type(answer.type).header('content-length', got.info.size).send(got.body);
  }

  const info = await media.head(key, ask);
  if (!info) return 'missing';
  const etag = headers(reply, answer, info);
  if (conditional || (etag !== undefined && matchesEtag(ifNoneMatch, etag))) return reply.code(304).send();
  const wanted = rangeStillFresh(typeof ifRange === 'string' ? ifRange : undefined, etag, info.modifiedAt)
    ? rangeOf(rangeHeader, info.size)
    : ({ kind: 'whole' } as const);
  if (wanted.kind === 'unsatisfiable') {
    // About this request's header, not the object: never kept by a cache.
    return reply
      .code(416)
      .header('cache-control', 'no-store')
      .header('content-range', `bytes */${info.size}`)
      .send();
  }
  const range = wanted.kind === 'part' ? { start: wanted.start, end: wanted.end } : undefined;
  const got = await media.read(key, { ...ask, range });
  if (!got) return 'missing';
  reply.type(answer.type);
  if (!got.range) return reply.header('content-length', got.info.size).send(got.body);
  return reply
    .code(206)
    .header('content-range', `bytes ${got.range.start}-${got.range.end}/${got.info.size}`)
    .header('content-length', got.range.end - got.range.start + 1)
    .send(got.body);
}

/** The headers every answer about the object carries; returns the validator sent, if any. */
function headers(reply: FastifyReply, answer: StoredAnswer, info: MediaObjectInfo): string | undefined {
  const etag = answer.etag ?? info.etag;
  reply.header('cache-control', answer.cacheControl).header('accept-ranges', 'bytes');
  if (etag !== undefined) reply.header('etag', etag);
  if (answer.lastModified && info.modifiedAt) reply.header('last-modified', info.modifiedAt.toUTCString());
  return etag;
}
