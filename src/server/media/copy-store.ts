import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { MediaStore } from '../ports/media-store.js';

/** What became of one object. */
export type CopyOutcome =
  | { key: string; result: 'copied' | 'skipped'; bytes: number }
  | { key: string; result: 'failed'; why: string };

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size and SHA-256. */
  skipped: number;
  failed: { key: string; why: string }[];
  /** Bytes written to the target. */
  bytes: number;
}

export interface CopyOptions {
  /** Objects copied at once (object stores answer each request slowly, but many in parallel). */
  parallel?: number;
  onObject?: (outcome: CopyOutcome) => void;
}

/**
 * Copies every object of one media store into another (`npm run media -- copy`), through the port
 * only, so any two adapters will do. Each object is hashed (SHA-256) as it is read from the source and
 * read back from the target once written: a copy whose bytes differ is reported as failed, never
 * counted as done. An object the target already holds with the same size and hash is skipped, so a
 * copy interrupted or run again picks up where it stopped. Objects are streamed, never held whole.
 */
export async function copyMediaStore(
  from: MediaStore,
  to: MediaStore,
  opts: CopyOptions = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  const keys = from.list('')[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await keys.next(); !next.done; next = await keys.next()) {
      const outcome = await copyObject(from, to, next.value);
      if (outcome.result === 'failed') report.failed.push({ key: outcome.key, why: outcome.why });
      else {
        report[outcome.result]++;
        if (outcome.result === 'copied') report.bytes += outcome.bytes;
      }
      opts.onObject?.(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? 4) }, worker));
  return report;
}

async function copyObject(from: MediaStore, to: MediaStore, key: string): Promise<CopyOutcome> {
  try {
    const there = await to.head(key);
    if (there) {
      const source = await from.head(key);
      if (!source) return { key, result: 'failed', why: 'gone from the source while copying' };
      if (source.size === there.size && (await hashOf(from, key)) === (await hashOf(to, key)))
        return { key, result: 'skipped', bytes: 0 };
    }
    const got = await from.read(key);
    if (!got) return { key, result: 'failed', why: 'gone from the source while copying' };
    const sent = hashing();
    // pipeline: a source that fails midway fails the write too (the target keeps what it had).
    await to.write(
      key,
      pipeline(got.body, sent.stream, () => {}),
    );
    const copied = await hashOf(to, key);
    if (copied !== sent.digest())
      return {
        key,
        result: 'failed',
        why: `SHA-256 differs after copy (source ${sent.digest()}, target ${copied})`,
      };
    return { key, result: 'copied', bytes: sent.bytes() };
  } catch (err) {
    return { key, result: 'failed', why: (err as Error).message };
  }
}

/** The SHA-256 of an object, streamed; null when there is none. */
async function hashOf(store: MediaStore, key: string): Promise<string | null> {
  const got = await store.read(key);
  if (!got) return null;
  const hash = createHash('sha256');
  for await (const chunk of got.body as Readable) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A pass-through that hashes and counts what flows through it. */
function hashing() {
  const hash = createHash('sha256');
  let bytes = 0;
  let digest: string | undefined;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes, digest: () => (digest ??= hash.digest('hex')) };
}
