import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { App } from '../context.js';

/** Below this a compressed answer saves less than the headers and the CPU cost it takes. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The plugin's default list also takes application/octet-stream, which is what encrypted images are:
 * ciphertext does not shrink, so compressing it only burns CPU. Text types here; the rest follows
 * mime-db's `compressible` flag (JavaScript, manifests, HLS playlists yes; images, video, fonts no).
 */
const TEXT_TYPES = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

/**
 * Dynamic answers (API JSON, HTML pages, playlists) compressed on the fly by content negotiation.
 * Built assets are compressed once at build time and served as they are (static-pwa's preCompressed);
 * media (images, video, segments) already is compressed and is left alone by its content type.
 * Brotli at quality 4: near gzip's speed with smaller output; quality 11 is for build time only.
 */
export async function registerCompression(app: App) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: TEXT_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
