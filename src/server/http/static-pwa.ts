import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Msg } from '../../contract/index.js';
import type { Config } from '../config.js';
import type { App } from '../context.js';
import { pathOf } from './client.js';
import { createDocumentRenderer } from './app-document.js';
import { fail } from './reply.js';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Files that name the current build: always revalidated so an update reaches users at once. */
const ENTRY_FILES = new Set([
  'index.html',
  'sw.js',
  'registerSW.js',
  'manifest.webmanifest',
  'manifest.json',
]);
/** Paths that are never the app's pages. */
const NOT_PAGES = ['/api/', '/h5/', '/media/'];

/** Cache policy of a built file: hashed assets forever, entry files never without revalidation. */
export function cacheControlFor(distDir: string, file: string): string {
  const rel = relative(distDir, file).split(sep).join('/');
  if (rel.startsWith('assets/')) return YEAR;
  if (ENTRY_FILES.has(basename(rel)) || rel.endsWith('.webmanifest')) return REVALIDATE;
  // Icons and other public files keep their names across builds.
  return 'public, max-age=86400';
}

export const isPublicFile = (pathName: string) =>
  !pathName.endsWith('/') &&
  !pathName.endsWith('.map') &&
  !pathName.split('/').some((seg) => seg.startsWith('.'));

const isPageRequest = (request: FastifyRequest) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request.url);
  if (NOT_PAGES.some((p) => path.startsWith(p) || path === p.slice(0, -1))) return false;
  return (request.headers.accept ?? '').includes('text/html');
};

/**
 * Serves the built PWA from config.distDir (when it was built) and answers everything else that
 * matches no route: app pages get index.html (the client router decides), the rest a JSON 404.
 */
export async function registerPwa(app: App, config: Config) {
  const built = existsSync(join(config.distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      dotfiles: 'ignore',
      // dist/ holds .br and .gz twins of every text asset (vite.config.ts): sent by Accept-Encoding.
      preCompressed: true,
      // Source maps, build metadata (dot folders) and directory listings are not for the public;
      // '/' itself is the app's page (SPA fallback).
      allowedPath: (pathName) => isPublicFile(pathName),
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlFor(config.distDir, file));
      },
    });
  }

  const renderDocument = built
    ? createDocumentRenderer(app, config.distDir, config.imageKey, config.shellUaMarker)
    : null;
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (built && isPageRequest(request)) {
      reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8');
      if (renderDocument) return reply.send(await renderDocument(request));
      return reply.sendFile('index.html');
    }
    return reply.code(404).send(fail(404, Msg.notFound));
  });
}
