import type { RouteModule } from '../context.js';
import { sendStored } from '../http/stored-media.js';
import { AD_CLIP_PATTERN } from '../media/ad-clips.js';
import { adClipKey } from '../media/keys.js';

/**
 * /media/ad/{key}.mp4 — the player's video ads, from the media store (ads/{key}.mp4). Progressive MP4
 * needs byte ranges (Safari will not play a video without 206 answers). A key names one file for good
 * (see media/ad-clips.ts), so it is cached like the encrypted images and its name is its validator.
 */
export const adMediaRoutes: RouteModule = (app, ctx) => {
  app.get('/media/ad/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const missing = () => reply.code(404).header('cache-control', 'no-store').send();
    if (!AD_CLIP_PATTERN.test(file)) return missing();
    const name = file.slice(0, -'.mp4'.length);
    const sent = await sendStored(request, reply, ctx.media, adClipKey(name), {
      type: 'video/mp4',
      cacheControl: 'public, max-age=31536000, immutable',
      etag: `"${name}"`,
      lastModified: true,
    });
    return sent === 'missing' ? missing() : sent;
  });
};
