import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { RouteModule } from '../context.js';
import { AD_CLIP_PATTERN, adClipDir } from '../media/ad-clips.js';

/**
 * /media/ad/{key}.mp4 — the player's video ads. Progressive MP4 needs byte ranges (Safari will not
 * play a video without 206 answers), which @fastify/static gives with ETag and Last-Modified. A key
 * names one file for good (see media/ad-clips.ts), so it is cached like the encrypted images.
 */
export const adMediaRoutes: RouteModule = async (app, ctx) => {
  // The folder is filled by the seed or an operator later; the plugin wants it to exist now.
  await mkdir(adClipDir(ctx), { recursive: true });
  await app.register(fastifyStatic, {
    root: adClipDir(ctx),
    prefix: '/media/ad/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: 31_536_000_000,
    immutable: true,
    acceptRanges: true,
    allowedPath: (pathName) => AD_CLIP_PATTERN.test(pathName.replace(/^\//, '')),
  });
};
