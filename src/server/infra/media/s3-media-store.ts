import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../../config.js';
import type {
  ByteRange,
  MediaAsk,
  MediaObjectInfo,
  MediaRead,
  MediaStore,
  MissHandler,
} from '../../ports/media-store.js';
import { MediaUnavailableError } from '../../media/unavailable.js';
import { assertMediaKey, assertMediaPrefix, isMediaKey } from './key-rules.js';
import { MissHandlers } from './miss-handlers.js';
import { assertByteRange, servedRange } from './range-rules.js';
import { contentTypeOfKey } from './content-types.js';

/** Streams are uploaded in parts of this size (S3's minimum is 5 MiB); smaller ones in one PutObject. */
const PART_SIZE = 8 << 20;

/**
 * The media store on S3-compatible object storage (MEDIA_STORE=s3): the object of key K is K in one
 * bucket, addressed path-style ({endpoint}/{bucket}/K) so any endpoint works — AWS, MinIO, Aliyun OSS,
 * the tests' s3rver. Only what the S3 API reference requires of every implementation is used:
 * Content-Length on each PutObject, multipart uploads for streams, ListObjectsV2 with continuation
 * tokens, and no flexible checksums (their aws-chunked uploads are not spoken by every S3-compatible
 * server). A store that cannot be reached or refuses us answers MediaUnavailableError (503 upstream).
 */
export class S3MediaStore implements MediaStore {
  private readonly misses = new MissHandlers();
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly listPageSize: number | undefined;

  /** `listPageSize`: keys per ListObjectsV2 page (S3's 1000 unless set; tests page with fewer). */
  constructor(settings: S3Settings, { listPageSize }: { listPageSize?: number } = {}) {
    this.listPageSize = listPageSize;
    this.bucket = settings.bucket;
    const agent = { keepAlive: true, maxSockets: 64 };
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that is down must not hold a reader's request for long: two tries, a short connect
      // timeout, and a socket that idles a minute (a paused player's backpressure) is given up.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: 3000,
        socketTimeout: 60_000,
        httpAgent: new HttpAgent(agent),
        httpsAgent: new HttpsAgent(agent),
      },
    });
  }

  /** Closes the client's idle connections (command-line tools, tests); the store is unusable after. */
  destroy(): void {
    this.client.destroy();
  }

  async head(key: string, opts: MediaAsk = {}): Promise<MediaObjectInfo | null> {
    assertMediaKey(key);
    return this.misses.lookOrProduce(key, opts, () => this.headObject(key, opts.signal));
  }

  private async headObject(key: string, signal?: AbortSignal): Promise<MediaObjectInfo | null> {
    try {
      const got = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), {
        abortSignal: signal,
      });
      return infoOf(key, got.ContentLength ?? 0, got);
    } catch (err) {
      if (isMissing(err)) return null;
      throw this.failure('head', key, err);
    }
  }

  async read(key: string, opts: MediaAsk & { range?: ByteRange } = {}): Promise<MediaRead | null> {
    assertMediaKey(key);
    const { range, signal } = opts;
    if (range) assertByteRange(range);
    return this.misses.lookOrProduce(key, opts, () => this.getObject(key, range, signal));
  }

  private async getObject(key: string, range?: ByteRange, signal?: AbortSignal): Promise<MediaRead | null> {
    let got: GetObjectCommandOutput;
    try {
      got = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range && `bytes=${range.start}-${range.end ?? ''}`,
        }),
        { abortSignal: signal },
      );
    } catch (err) {
      if (isMissing(err)) return null;
      if (statusOf(err) === 416) {
        throw new RangeError(`range ${range?.start}-${range?.end ?? ''} is past the end of ${key}`);
      }
      throw this.failure('read', key, err);
    }
    const body = got.Body as Readable;
    const answered = contentRangeOf(got.ContentRange);
    const size = answered?.total ?? got.ContentLength ?? 0;
    const info = infoOf(key, size, got);
    if (!range) return { info, body: abortable(body, signal) };
    let served;
    try {
      served = servedRange(range, size);
    } catch (err) {
      body.destroy();
      throw err;
    }
    // What came is the range asked for, as S3 answers; or more of the object than that (the whole
    // object, from a store that ignores Range; a wider range, as s3rver gives for bytes=0-0): the
    // range is cut from what came, as the port promises.
    const from = answered ? answered.start : 0;
    const to = answered ? answered.end : size - 1;
    if (from === served.start && to === served.end)
      return { info, body: abortable(body, signal), range: served };
    if (from > served.start || to < served.end) {
      body.destroy();
      throw this.failure(
        'read',
        key,
        new Error(`asked for ${served.start}-${served.end}, got ${got.ContentRange}`),
      );
    }
    // pipeline: a failure of either end destroys the other (and frees the connection).
    const cut = pipeline(body, slice(served.start - from, served.end - from), () => {});
    return { info, body: abortable(cut, signal), range: served };
  }

  async readAll(key: string): Promise<Buffer | null> {
    assertMediaKey(key);
    return this.misses.lookOrProduce(key, {}, async () => {
      const got = await this.getObject(key);
      if (!got) return null;
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of got.body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      } catch (err) {
        throw this.failure('read', key, err);
      }
    });
  }

  /** One object per PutObject or multipart upload: S3 shows the old object until it completes. */
  async write(key: string, data: Uint8Array | string | Readable): Promise<void> {
    assertMediaKey(key);
    const common = { Bucket: this.bucket, Key: key, ContentType: contentTypeOfKey(key) };
    try {
      if (data instanceof Readable) {
        // Parts of a stream whose length is unknown; one that fits a part goes as a single PutObject
        // with its length. A failed upload is aborted, its parts removed, the old object untouched.
        const upload = new Upload({
          client: this.client,
          params: { ...common, Body: data },
          partSize: PART_SIZE,
          queueSize: 2,
        });
        await upload.done();
      } else {
        const body = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        await this.client.send(
          new PutObjectCommand({ ...common, Body: body, ContentLength: body.byteLength }),
        );
      }
    } catch (err) {
      // The source's own failure is the caller's to see as it is; the store's becomes unavailable.
      if (data instanceof Readable && data.errored) throw data.errored;
      throw this.failure('write', key, err);
    }
  }

  async exists(key: string): Promise<boolean> {
    assertMediaKey(key);
    return (await this.headObject(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key);
    try {
      // S3 answers 204 for a key that is not there.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return;
      throw this.failure('delete', key, err);
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertMediaPrefix(prefix);
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ContinuationToken: token,
            MaxKeys: this.listPageSize,
          }),
        );
      } catch (err) {
        throw this.failure('list', prefix, err);
      }
      // Objects no key can name (put there by other tools) are not the store's.
      for (const o of page.Contents ?? []) if (o.Key !== undefined && isMediaKey(o.Key)) yield o.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  onMiss(prefix: string, handler: MissHandler): void {
    this.misses.add(prefix, handler);
  }

  /** What a caller sees of a store fault: an abort stays an abort, anything else is unavailability. */
  private failure(op: string, key: string, err: unknown): Error {
    if (isAbort(err)) return err as Error;
    const e = err as { name?: string; code?: string; message?: string };
    const status = statusOf(err);
    // An answer of the store names itself (NoSuchBucket 404, AccessDenied 403); a transport failure
    // or our own finding says what happened (connect ECONNREFUSED …). Neither carries credentials.
    const why = [e.name, e.code, status].filter((x) => x !== undefined).join(' ');
    const detail = status === undefined && e.message ? `: ${e.message}` : '';
    return new MediaUnavailableError(`${op} ${key} in bucket ${this.bucket}: ${why}${detail}`, {
      cause: err,
    });
  }
}

const statusOf = (err: unknown): number | undefined =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** No such object: NoSuchKey (GET), a bare 404 (HEAD has no body); a missing bucket is a fault. */
function isMissing(err: unknown): boolean {
  const name = (err as { name?: string }).name;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
}

const isAbort = (err: unknown) => (err as { name?: string }).name === 'AbortError';

/** The bytes a ranged answer holds and the object's size, from its Content-Range (`bytes 0-9/1000`). */
function contentRangeOf(header: string | undefined): { start: number; end: number; total: number } | null {
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  return m ? { start: Number(m[1]), end: Number(m[2]), total: Number(m[3]) } : null;
}

function infoOf(key: string, size: number, got: { ETag?: string; LastModified?: Date }): MediaObjectInfo {
  return {
    key,
    size,
    ...(got.ETag ? { etag: got.ETag } : {}),
    ...(got.LastModified ? { modifiedAt: got.LastModified } : {}),
  };
}

/** The body stops (and frees its connection) when the caller's signal aborts. */
function abortable(body: Readable, signal?: AbortSignal): Readable {
  if (!signal) return body;
  if (signal.aborted) {
    body.destroy(signal.reason as Error);
    return body;
  }
  const stop = () => body.destroy(signal.reason as Error);
  signal.addEventListener('abort', stop, { once: true });
  body.once('close', () => signal.removeEventListener('abort', stop));
  return body;
}

/** Passes on bytes start..end (inclusive) of what flows through it. */
function slice(start: number, end: number): Transform {
  let at = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(start - at, 0);
      const to = Math.min(end + 1 - at, chunk.length);
      at += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}
