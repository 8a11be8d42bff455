import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import { MEDIA_KEY_PATTERN } from '../../media/files.js';
import { derivedKey } from '../secrets.js';

/**
 * Full-video play URLs (the public trial's are trial.ts's). The full master carries a token in its path —
 * /media/vod/{key}/s/{vodId}.{uid}.{exp}.{sig}/master.m3u8 — and every playlist and segment URI inside
 * is relative, so the player resolves each one under the same signed prefix. hls.js fetches segments
 * without our session header, so the token itself is the proof: it binds the video (not just its media
 * file, which several videos may share), the buyer's user id and a short expiry, and only the service
 * that checked the purchase can mint one. The media route also checks that the video still uses
 * that media key. The player asks for a fresh URL before expiry (POST /api/vod/play_url) and
 * rewrites its requests to it, so playback goes on.
 */

/** How long a signed URL stays valid (config.mediaUrlTtlS overrides it for tests). */
export const FULL_URL_TTL_S = 10 * 60;
/** Expiries are rounded up to a step (a minute, less for short tests) so watch calls within it agree. */
const expStep = (ttl: number) => Math.min(60, Math.floor(ttl / 4));

const TOKEN_PATTERN = /^([1-9]\d{0,11})\.([1-9]\d{0,11})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface VodGrant {
  vodId: number;
  mediaKey: string;
  userId: number;
  /** Expiry, epoch seconds. */
  exp: number;
}

/** A key of its own, derived from the server secret with a distinct label (never the image key: the app ships that one). */
const signingKey = (config: Pick<Config, 'paySecret'>) =>
  derivedKey(config.paySecret, 'inkreel/media-url-signing/v2');

export function signVod(config: Pick<Config, 'paySecret'>, g: VodGrant): string {
  return createHmac('sha256', signingKey(config))
    .update(`${g.vodId}\n${g.mediaKey}\n${g.userId}\n${g.exp}`)
    .digest('base64url');
}

export type SignCheck = { ok: true; vodId: number; userId: number } | { ok: false; why: 'bad' | 'expired' };

/** Checks the token of a signed path for this media key: signature first, then expiry. */
export function checkVodToken(
  config: Pick<Config, 'paySecret'>,
  mediaKey: string,
  token: string,
  nowS = Math.floor(Date.now() / 1000),
): SignCheck {
  const m = TOKEN_PATTERN.exec(token);
  if (!m) return { ok: false, why: 'bad' };
  const [vodId, userId, exp] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const want = Buffer.from(signVod(config, { vodId, mediaKey, userId, exp }));
  const got = Buffer.from(m[4]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, why: 'bad' };
  return exp < nowS ? { ok: false, why: 'expired' } : { ok: true, vodId, userId };
}

/** The signed master for one buyer of one video. */
export function vodPlayUrl(
  ctx: { config: Pick<Config, 'paySecret'> & Partial<Pick<Config, 'mediaUrlTtlS'>> },
  play: { vodId: number; mediaKey: string; userId: number },
  nowMs = Date.now(),
): string {
  const { mediaKey, vodId, userId } = play;
  if (!MEDIA_KEY_PATTERN.test(mediaKey)) throw new Error(`bad media key: ${mediaKey}`);
  const ttl = ctx.config.mediaUrlTtlS ?? FULL_URL_TTL_S;
  const exp = Math.ceil((nowMs / 1000 + ttl) / expStep(ttl)) * expStep(ttl);
  const sig = signVod(ctx.config, { vodId, mediaKey, userId, exp });
  return `/media/vod/${mediaKey}/s/${vodId}.${userId}.${exp}.${sig}/master.m3u8`;
}
