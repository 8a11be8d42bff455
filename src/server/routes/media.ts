import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { IMAGE_URL_PATTERN, type ImageSize } from '../../contract/index.js';
import type { Ctx, RouteModule } from '../context.js';
import { drawDemoImage } from '../media/demo-pages.js';
import { imageFile } from '../media/images.js';
import { vodDir } from '../media/hls.js';
import { MEDIA_KEY_PATTERN } from '../media/files.js';
import { checkVodToken } from '../services/catalogue/vod-urls.js';
import { bearerTokenOf } from '../http/client.js';
import { shortCacheBy } from '../services/catalogue/short-cache.js';
import { TRIAL_SECONDS_PATTERN, trialFile, trialGate } from '../services/catalogue/trial.js';
import { resolveSession } from '../services/session.js';

/**
 * /media/img/{hash}_{size}_0.img — encrypted images (the service worker decrypts them); a name we do
 * not have answers 204 so the app shows its placeholder.
 *
 * /media/vod/{key}/trial/{seconds}/… — the public trial of a video that offers one of that length
 *   (services/catalogue/trial.ts): its playlists list only the first seconds, and a segment is served
 *   only if the trial playlist of its rendition lists it (no seeking or URL guessing past it).
 * /media/vod/{key}/s/{vodId}.{uid}.{exp}.{sig}/… — the full video under a signed prefix (see
 *   services/catalogue/vod-urls.ts), only while that video still uses this media key.
 * Anything else under /media/vod is refused. Every file path is built from validated pieces only.
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
    const path = imageFile(ctx, hash, Number(size) as ImageSize);
    let bytes: number;
    try {
      bytes = (await stat(path)).size;
    } catch {
      // A demo picture is drawn on first request from the recipe the seed left (media/demo-pages.ts).
      if (!(await drawDemoImage(ctx, hash).catch(() => false))) return noImage(reply);
      const drawn = await stat(path).catch(() => null);
      if (!drawn) return noImage(reply);
      bytes = drawn.size;
    }
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply
      .type('application/octet-stream')
      .header('content-length', bytes)
      .send(createReadStream(path));
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
      return serveTrial(ctx, reply, key, Number(seconds), parts.slice(3).join('/'));
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
      return serveFull(ctx, reply, key, parts.slice(3).join('/'));
    }
    // An unsigned path to the full output (e.g. /media/vod/{key}/v360/seg_030.ts) is never served.
    return refuse(reply, REL_PATTERN.test(parts.slice(1).join('/')) ? 403 : 404);
  });
};

async function serveTrial(ctx: Ctx, reply: FastifyReply, key: string, seconds: number, rel: string) {
  const m = REL_PATTERN.exec(rel);
  if (!m) return refuse(reply, 404);
  const answer = await trialFile(ctx, key, seconds, { rel, dir: m.groups?.dir, seg: m.groups?.seg });
  if (answer === 'forbidden') return refuse(reply, 403);
  if (answer === 'notFound') return refuse(reply, 404);
  const ext = extOf(rel);
  const cache = CACHE.trial[ext === 'm3u8' ? 'list' : 'file'];
  if ('file' in answer) return sendFile(reply, answer.file, ext, cache);
  return reply.type(TYPES[ext]).header('cache-control', cache).send(answer.playlist);
}

async function serveFull(ctx: Ctx, reply: FastifyReply, key: string, rel: string) {
  if (!REL_PATTERN.test(rel)) return refuse(reply, 404);
  const ext = extOf(rel);
  return sendFile(reply, join(vodDir(ctx, key), rel), ext, CACHE.full[ext === 'm3u8' ? 'list' : 'file']);
}

const extOf = (rel: string) => rel.slice(rel.lastIndexOf('.') + 1) as Ext;

async function sendFile(reply: FastifyReply, path: string, ext: Ext, cache: string) {
  let bytes: number;
  try {
    bytes = (await stat(path)).size;
  } catch {
    return refuse(reply, 404);
  }
  return reply
    .type(TYPES[ext])
    .header('cache-control', cache)
    .header('content-length', bytes)
    .send(createReadStream(path));
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function noImage(reply: FastifyReply) {
  return reply.code(204).header('cache-control', 'no-cache').send();
}

function refuse(reply: FastifyReply, status: 403 | 404) {
  return reply.code(status).header('cache-control', 'no-store').send();
}
