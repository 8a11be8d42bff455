import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Ctx } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { vodKey } from '../../media/keys.js';
import type { MediaStore } from '../../ports/media-store.js';
import {
  parseMediaPlaylist,
  subtitlePlaylist,
  totalDuration,
  trialSegments,
  writeMediaPlaylist,
  type Segment,
} from '../../media/playlists.js';
import { shortCacheBy } from './short-cache.js';

/**
 * The trial of a paid video (spec §4 Video) in one place: who gets one, how long it lasts and which
 * of the video's files it may play. The watch answer, its comments, the trial playlists and the
 * segment gate all ask here, so they cannot disagree.
 *
 * Length: the video's own `trial_seconds`, else VOD_TRIAL_SECONDS (config.vodTrialSeconds).
 * Files: the trial playlists are cut from the full ones when served, at that length; nothing is cut
 * at ingest. The length is part of the trial URL (/media/vod/{key}/trial/{seconds}/…): a changed
 * length is a new URL, so no cache keeps an old cut, and a length is served only while a video of
 * that media key offers it.
 */

type TrialConfig = Pick<Config, 'vodTrialSeconds'>;

/** Whether a paid video lets someone who has not bought it watch its first seconds. */
export const offersTrial = (vod: { can_try: number; price: number }) => vod.can_try === 1 && vod.price > 0;

/** The trial length of a video in seconds. */
export const trialSecondsOf = (vod: { trial_seconds: number | null }, config: TrialConfig) =>
  vod.trial_seconds ?? config.vodTrialSeconds;

/** Whether a moment of the video (ms on its clock) lies inside a trial of `seconds`: its comments. */
export const withinTrial = (ms: number, seconds: number) => ms <= seconds * 1000;

/** The trial length as a path segment of the trial URL. */
export const TRIAL_SECONDS_PATTERN = /^[1-9]\d{0,3}$/;

/** The public master playlist of a trial of this length. */
export const trialPlayUrl = (mediaKey: string, seconds: number) =>
  `/media/vod/${mediaKey}/trial/${seconds}/master.m3u8`;

/**
 * Whether the trial files of a media key may be served at this length: some video using the key
 * offers a trial of exactly this length, or is free (its files are open anyway). A video without a
 * trial (can_try 0) keeps its first seconds to buyers even though anyone may learn its key. A key no
 * video uses yet (ingested, not listed) keeps the default trial.
 */
export async function trialServable(
  db: Kysely<DB>,
  config: TrialConfig,
  mediaKey: string,
  seconds: number,
): Promise<boolean> {
  const rows = await db
    .selectFrom('vods')
    .select(['can_try', 'price', 'trial_seconds'])
    .where('media_key', '=', mediaKey)
    .execute();
  if (rows.length === 0) return seconds === config.vodTrialSeconds;
  return rows.some((r) => r.price <= 0 || (offersTrial(r) && trialSecondsOf(r, config) === seconds));
}

/** How long a gate answer is reused: a player fetches a segment every few seconds. */
const GATE_TTL_MS = 30_000;
const GATE_MAX_KEYS = 2000;

/**
 * trialServable with a short per-node memory, so a playing trial costs one query per key and length
 * every half minute; a changed can_try or trial_seconds takes effect within that.
 */
export function trialGate(db: Kysely<DB>, config: TrialConfig) {
  const cached = shortCacheBy(GATE_TTL_MS, GATE_MAX_KEYS, (k: string) => {
    const cut = k.lastIndexOf('/');
    return trialServable(db, config, k.slice(0, cut), Number(k.slice(cut + 1)));
  });
  return (mediaKey: string, seconds: number) => cached(`${mediaKey}/${seconds}`);
}

/** A file under a trial URL, as the media route matched it: `dir` a rendition, `seg` its segment. */
export interface TrialPath {
  rel: string;
  dir?: string;
  seg?: string;
}

/** A stored file to send as it is (its media store key), a playlist cut here, or a refusal. */
export type TrialFile = { key: string } | { playlist: string } | 'forbidden' | 'notFound';

/**
 * The trial's answer for one of its files. The master is the full one (its URIs are relative, so they
 * resolve under the trial URL); a rendition's playlist lists only the segments that start before the
 * trial's end, and only those segments are served; a subtitle playlist ends with the trial, while the
 * subtitle text itself is the whole file (text is not the paid asset).
 */
export async function trialFile(
  ctx: Pick<Ctx, 'media'>,
  mediaKey: string,
  seconds: number,
  path: TrialPath,
): Promise<TrialFile> {
  if (path.dir) {
    const full = await fullPlaylist(ctx.media, vodKey(mediaKey, `${path.dir}/index.m3u8`));
    if (!full) return 'notFound';
    const cut = trialSegments(full, seconds);
    if (!path.seg) return { playlist: writeMediaPlaylist(cut) };
    return cut.some((s) => s.uri === path.seg)
      ? { key: vodKey(mediaKey, `${path.dir}/${path.seg}`) }
      : 'forbidden';
  }
  const subs = /^subs\/([^/]+)\.m3u8$/.exec(path.rel);
  if (subs) {
    const full = await fullPlaylist(ctx.media, vodKey(mediaKey, path.rel));
    if (!full) return 'notFound';
    return { playlist: subtitlePlaylist(subs[1]!, Math.min(totalDuration(full), seconds)) };
  }
  return { key: vodKey(mediaKey, path.rel) };
}

/** Parsed full playlists per store: a media key's output never changes once written, so they are kept. */
const playlists = new WeakMap<MediaStore, Map<string, Segment[]>>();
const MAX_PLAYLISTS = 2000;

async function fullPlaylist(media: MediaStore, key: string): Promise<Segment[] | null> {
  let known = playlists.get(media);
  if (!known) playlists.set(media, (known = new Map()));
  let segs = known.get(key);
  if (!segs) {
    const text = await media.readAll(key);
    if (!text) return null;
    segs = parseMediaPlaylist(text.toString('utf8'));
    if (known.size >= MAX_PLAYLISTS) known.clear();
    known.set(key, segs);
  }
  return segs;
}
