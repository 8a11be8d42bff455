import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_URL_PATTERN, type ImageSize } from '../../contract/index.js';
import type { Ctx, RouteModule } from '../context.js';
import { imageKeyOf, MEDIA_KEY_PATTERN, vodKey } from '../media/keys.js';
import { checkVodToken } from '../services/catalogue/vod-urls.js';
import { addressGroupOf } from '../http/address-group.js';
import { bearerTokenOf } from '../http/client.js';
import { sendStored } from '../http/stored-media.js';
import { MediaBusyError } from '../media/busy.js';
import { MediaUnavailableError } from '../media/unavailable.js';
import { shortCacheBy } from '../services/catalogue/short-cache.js';
import { TRIAL_SECONDS_PATTERN, trialFile, trialGate } from '../services/catalogue/trial.js';
import { resolveSession } from '../services/session.js';

/**
 * /media/img/{hash}_{size}_0.img — encrypted images (the service worker decrypts them); a name we do
 * not have answers 204 so the app shows its placeholder. A missing picture the store's miss handler
 * can produce (the demo's drawing on first request) is produced first.
 *
 * /media/vod/{key}/trial/{seconds}/… — the public trial of a video that offers one of that length
 *   (services/catalogue/trial.ts): its playlists list only the first seconds, and a segment is served
 *   only if the trial playlist of its rendition lists it (no seeking or URL guessing past it).
 * /media/vod/{key}/s/{vodId}.{uid}.{exp}.{sig}/… — the full video under a signed prefix (see
 *   services/catalogue/vod-urls.ts), only while that video still uses this media key.
 * Anything else under /media/vod is refused. Every store key is built from validated pieces only.
 * Files come from ctx.media, streamed, with byte ranges (players seek, Safari asks for ranges).
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  vtt: 'text/vtt; charset=utf-8',
} as const;
type Ext = keyof typeof TYPES;
/** Signed playlists are never stored (they carry the signature); media files never change for a key. */
const CACHE = {
  trial: { list: 'public, max-age=300', file: 'public, max-age=86400' },
  full: { list: 'no-store', file: 'private, max-age=600' },
} as const;

/** The files a player may ask for, relative to a master playlist. */
const REL_PATTERN =
  /^(?:master\.m3u8|(?<dir>[va]\d{1,4})\/(?:index\.m3u8|(?<seg>seg_\d{3,6}\.ts))|subs\/[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?\.(?:m3u8|vtt))$/;

export const mediaRoutes: RouteModule = (app, ctx) => {
  const trialAllowed = trialGate(ctx.db, ctx.config);
  // A player fetches a segment every few seconds: the video's media key is looked up once a minute.
  const mediaKeyOf = shortCacheBy(60_000, 2000, async (vodId: number) => {
    const row = await ctx.db
      .selectFrom('vods')
      .select('media_key')
      .where('id', '=', vodId)
      .executeTakeFirst();
    return row?.media_key ?? null;
  });
  app.get('/media/img/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const m = IMAGE_URL_PATTERN.exec(`/media/img/${file}`);
    if (!m) return noImage(reply);
    const [, hash, size] = m as unknown as [string, string, string];
    const etag = `"${hash}_${size}"`;
    const key = imageKeyOf(hash, Number(size) as ImageSize);
    const answer = { type: 'application/octet-stream', cacheControl: IMMUTABLE, etag };
    // A picture still to be drawn is drawn for this caller, in its turn among callers, and dropped
    // if the caller goes away first (demo/recipes.ts). An IPv6 caller is its /64: one host holds them all.
    const ask = { signal: abortedWith(reply), requester: addressGroupOf(request.ip) };
    const sent = await sendStored(request, reply, ctx.media, key, answer, ask).catch((err: unknown) => {
      if (err instanceof MediaBusyError) return busy(reply, err.retryAfterSeconds);
      // The store is down: ask again later (a 204 would show the placeholder as if it had no picture).
      if (err instanceof MediaUnavailableError) {
        request.log.warn({ err: err.message }, 'media store unavailable');
        return busy(reply, err.retryAfterSeconds);
      }
      // Cancelled: nobody is left to answer.
      if (ask.signal.aborted) return reply;
      // A picture that could not be drawn is a placeholder, never a 500 on the reader's page.
      request.log.warn({ err, key }, 'picture could not be produced');
      return 'missing' as const;
    });
    return sent === 'missing' ? noImage(reply) : sent;
  });

  app.get('/media/vod/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'] ?? '';
    const parts = rest.split('/');
    const key = parts[0] ?? '';
    if (!MEDIA_KEY_PATTERN.test(key)) return refuse(reply, 404);
    if (parts[1] === 'trial') {
      const seconds = parts[2] ?? '';
      if (!TRIAL_SECONDS_PATTERN.test(seconds)) return refuse(reply, 404);
      if (!(await trialAllowed(key, Number(seconds)))) return refuse(reply, 403);
      return serveTrial(ctx, request, reply, key, Number(seconds), parts.slice(3).join('/'));
    }
    if (parts[1] === 's' && parts.length >= 4) {
      const check = checkVodToken(ctx.config, key, parts[2]!);
      if (!check.ok) return refuse(reply, 403);
      // Signed for one video: its URL plays that video's file only, whichever others share the file.
      if ((await mediaKeyOf(check.vodId)) !== key) return refuse(reply, 403);
      // The signature names its buyer; a caller who does carry a session must be that buyer. The
      // session hook covers /api and /h5 only, so the token is looked up here (players send none).
      const token = bearerTokenOf(request);
      const session = token === undefined ? null : await resolveSession(ctx.db, token);
      if (session && session.userId !== check.userId) return refuse(reply, 403);
      return serveFull(ctx, request, reply, key, parts.slice(3).join('/'));
    }
    // An unsigned path to the full output (e.g. /media/vod/{key}/v360/seg_030.ts) is never served.
    return refuse(reply, REL_PATTERN.test(parts.slice(1).join('/')) ? 403 : 404);
  });
};

async function serveTrial(
  ctx: Ctx,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  seconds: number,
  rel: string,
) {
  const m = REL_PATTERN.exec(rel);
  if (!m) return refuse(reply, 404);
  const answer = await trialFile(ctx, key, seconds, { rel, dir: m.groups?.dir, seg: m.groups?.seg });
  if (answer === 'forbidden') return refuse(reply, 403);
  if (answer === 'notFound') return refuse(reply, 404);
  const ext = extOf(rel);
  const cache = CACHE.trial[ext === 'm3u8' ? 'list' : 'file'];
  if ('key' in answer) return sendFile(ctx, request, reply, answer.key, ext, cache);
  return reply.type(TYPES[ext]).header('cache-control', cache).send(answer.playlist);
}

async function serveFull(ctx: Ctx, request: FastifyRequest, reply: FastifyReply, key: string, rel: string) {
  if (!REL_PATTERN.test(rel)) return refuse(reply, 404);
  const ext = extOf(rel);
  const cache = CACHE.full[ext === 'm3u8' ? 'list' : 'file'];
  return sendFile(ctx, request, reply, vodKey(key, rel), ext, cache);
}

const extOf = (rel: string) => rel.slice(rel.lastIndexOf('.') + 1) as Ext;

async function sendFile(
  ctx: Ctx,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  ext: Ext,
  cacheControl: string,
) {
  const sent = await sendStored(request, reply, ctx.media, key, { type: TYPES[ext], cacheControl });
  return sent === 'missing' ? refuse(reply, 404) : sent;
}

/** What an answer about a stored object may have set before the object turned out to be gone. */
const clearObjectHeaders = (reply: FastifyReply) =>
  reply.removeHeader('etag').removeHeader('accept-ranges').removeHeader('last-modified');

function noImage(reply: FastifyReply) {
  return clearObjectHeaders(reply).code(204).header('cache-control', 'no-cache').send();
}

function refuse(reply: FastifyReply, status: 403 | 404) {
  return clearObjectHeaders(reply).code(status).header('cache-control', 'no-store').send();
}

/** Aborts when the client goes away before its answer was sent (a cancelled image request). */
function abortedWith(reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  // The response's close, not the request's: a GET's request stream closes as soon as it is read.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) ac.abort(new Error('request cancelled'));
  });
  return ac.signal;
}

/**
 * This caller already has its share of pictures being drawn, or the store is down: ask again shortly
 * (never cached).
 */
function busy(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .header('retry-after', String(retryAfterSeconds))
    .send();
}
