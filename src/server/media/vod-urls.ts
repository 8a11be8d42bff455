import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';

/**
 * Play URLs. The trial master is public. The full master carries a signature in its path —
 * /media/vod/{key}/s/{uid}/{exp}/{sig}/master.m3u8 — and every playlist and segment URI inside is
 * relative, so the player resolves each one under the same signed prefix. hls.js fetches segments
 * without our session header, so the signature itself is the proof: it binds the media key, the
 * buyer's user id and an expiry, and only the service that checked the purchase can mint one.
 */

/** How long a signed URL stays valid. */
export const FULL_URL_TTL_S = 6 * 3600;
/** Expiries are rounded up to this step so repeated watch calls give the same URL (browser cache hits). */
const EXP_STEP_S = 3600;

export const MEDIA_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A key of its own, derived from the server secret with a distinct label (never the image key: the app ships that one). */
function signingKey(config: Pick<Config, 'paySecret'>): Buffer {
  return createHmac('sha256', config.paySecret).update('inkreel/media-url-signing/v1').digest();
}

export function signVod(
  config: Pick<Config, 'paySecret'>,
  mediaKey: string,
  userId: number,
  exp: number,
): string {
  return createHmac('sha256', signingKey(config))
    .update(`${mediaKey}\n${userId}\n${exp}`)
    .digest('base64url');
}

export type SignCheck = 'ok' | 'bad' | 'expired';

export function checkVodSignature(
  config: Pick<Config, 'paySecret'>,
  mediaKey: string,
  uid: string,
  exp: string,
  sig: string,
  nowS = Math.floor(Date.now() / 1000),
): SignCheck {
  if (!/^[1-9]\d{0,11}$/.test(uid) || !/^\d{1,12}$/.test(exp) || !SIG_PATTERN.test(sig)) return 'bad';
  const want = Buffer.from(signVod(config, mediaKey, Number(uid), Number(exp)));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'bad';
  return Number(exp) < nowS ? 'expired' : 'ok';
}

export function vodPlayUrl(
  ctx: { config: Pick<Config, 'paySecret'> },
  { mediaKey, userId, full }: { mediaKey: string; userId: number; full: boolean },
  nowMs = Date.now(),
): string {
  if (!MEDIA_KEY_PATTERN.test(mediaKey)) throw new Error(`bad media key: ${mediaKey}`);
  if (!full) return `/media/vod/${mediaKey}/trial/master.m3u8`;
  const exp = Math.ceil((nowMs / 1000 + FULL_URL_TTL_S) / EXP_STEP_S) * EXP_STEP_S;
  const sig = signVod(ctx.config, mediaKey, userId, exp);
  return `/media/vod/${mediaKey}/s/${userId}/${exp}/${sig}/master.m3u8`;
}
