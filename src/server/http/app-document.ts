import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  Api,
  apiPath,
  APP_MODULES_ELEMENT_ID,
  BOOT_DATA_ELEMENT_ID,
  DEFAULT_SHELL_UA_MARKER,
  DOWNLOAD_TIP_CLOSED,
  downloadTipClosed,
  LandingScreen,
  LATER_CODE_ELEMENT_ID,
  PRERENDER_ELEMENT_ID,
  StorageKey,
  type BootData,
  type BootEntry,
  type PrerenderVisitor,
} from '../../contract/index.js';
import type { App } from '../context.js';
import { chunkGraph, type Manifest } from './chunk-graph.js';
import { pathOf } from './client.js';
import { createPrerenderer } from './prerender.js';
import { PRERENDER_STYLE, prerenderScript } from './prerender-page.js';

/**
 * The app's page for a first visit, in one round trip: the built index.html plus, for the screens a
 * visitor lands on from a link, what their first screen needs — the screen's own chunks and styles
 * (modulepreload, so the browser fetches them with the entry instead of after it), the public answers
 * the screen asks for first (inlined as JSON the app takes instead of calling; see app/lib/api/boot.ts),
 * and a preload of the image that will be the largest paint. Repeat visits never see this: the service
 * worker answers navigations with its precached index.html and its cached answers.
 */

interface Screen {
  path: RegExp;
  /** The module the route lazy-loads (a key of the build manifest). */
  module: string;
  /**
   * Answers to inline: API URLs exactly as the app requests them; `ask`, when the server asks it
   * otherwise (a chapter is asked as a fetch ahead, so the page's making neither counts a read nor
   * writes history: the app's own call does, once the visitor has a session).
   */
  boot(match: RegExpMatchArray, search: URLSearchParams): BootCall[];
  /** URL of the image that will be the largest paint, from the inlined answers. */
  lcpImage?(answers: BootEntry[]): string | undefined;
  /** Code the screen loads on a tap (build manifest keys): named for a fetch when the page is idle. */
  later?: string[];
}

interface BootCall {
  url: string;
  ask?: string;
  anonymousOnly?: boolean;
}

type Answer<T> = { data?: T } | undefined;
const dataOf = <T>(entries: BootEntry[], url: string) =>
  (entries.find((e) => e.url === url)?.body as Answer<T>)?.data;

const SCREENS: Screen[] = [
  {
    ...LandingScreen.home,
    boot: () => [
      { url: Api.homeIndex },
      // Asked for only at night (Three-D hours); public, so inlined whenever the page may want it.
      { url: Api.homeThreeD },
      { url: Api.category },
      // today_update carries the caller's sign-in state: only a visitor with no session may take it.
      { url: `${Api.todayUpdate}?category=0&pageSize=6&currentPage=1`, anonymousOnly: true },
      // The download tip's link: the first screen shows the tip from the start (it pushed the page down
      // when it came later). The app asks for the default branch until the device's session is read.
      { url: apiPath(Api.commonInfo, { branchId: '0' }) },
    ],
    lcpImage: (answers) =>
      dataOf<{ adList?: { imgPath: string }[] }>(answers, Api.homeIndex)?.adList?.[0]?.imgPath,
  },
  {
    ...LandingScreen.book,
    // Detail answers the caller's last chapter: the same for every visitor who has no session yet.
    boot: (m) => [{ url: apiPath(Api.detail, { id: m[1]! }), anonymousOnly: true }],
    lcpImage: ([detail]) => (detail?.body as Answer<{ book?: { cover?: string } }>)?.data?.book?.cover,
  },
  {
    ...LandingScreen.reader,
    boot: (m) => {
      // As the reader asks for the copy it may show while its own call is on the way (keptChapterQuery).
      const chapter = `${Api.readChapter}?bookId=${m[1]!}&number=${m[2]!}`;
      return [
        { url: apiPath(Api.detail, { id: m[1]! }), anonymousOnly: true },
        // A chapter open to a visitor with no session yet (free); a locked one is not inlined.
        { url: chapter, ask: `${chapter}&prefetch=1`, anonymousOnly: true },
      ];
    },
    lcpImage: (answers) =>
      answers
        .map(
          (e) => (e.body as Answer<{ bookPics?: { parts?: string[] }[] }>)?.data?.bookPics?.[0]?.parts?.[0],
        )
        .find(Boolean),
  },
  {
    ...LandingScreen.video,
    // The video's public facts (title, poster, text); the caller's watch answer is the app's own call.
    boot: (_, search) => {
      const id = search.get('vodId');
      return id && /^[1-9]\d{0,8}$/.test(id) ? [{ url: apiPath(Api.vodInfo, { vodId: id }) }] : [];
    },
    lcpImage: ([info]) => (info?.body as Answer<{ vodPoster?: string }>)?.data?.vodPoster,
    // A phone refuses sound without a tap, so the player is built on it (features/player/autoplay-gate.ts).
    later: [
      'node_modules/plyr/dist/plyr.mjs',
      'node_modules/hls.js/dist/hls.mjs',
      'node_modules/hls.js/dist/hls.worker.js',
    ],
  },
];

/** The request as far as a first screen depends on it (contract/boot.ts): two facts, not the headers. */
export function prerenderVisitor(
  request: Pick<FastifyRequest, 'headers'>,
  shellMarker: string,
): PrerenderVisitor {
  return {
    cookie: downloadTipClosed(request.headers.cookie ?? '')
      ? `${StorageKey.downloadTipCookie}=${DOWNLOAD_TIP_CLOSED}`
      : '',
    userAgent: (request.headers['user-agent'] ?? '').includes(shellMarker) ? shellMarker : '',
  };
}

const escapeJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function chunkLinks(manifest: Manifest, module: string): { styles: string[]; preloads: string[] } {
  const { files, styles } = chunkGraph(manifest, module);
  return {
    styles,
    preloads: files.map((f) => `<link rel="modulepreload" crossorigin href="${escapeAttr(f)}">`),
  };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A prerendered page's module tags, taken out of its head: the entry first, then the chunks to fetch
 * with it. The page's inline script adds them once the first screen is painted (prerender-page.ts).
 */
function takeModuleTags(page: string): { rest: string; modules: string[] } {
  const entries: string[] = [];
  const preloads = new Set<string>();
  const rest = page
    .replace(ENTRY_SCRIPT, (_, src: string) => (entries.push(src), ''))
    .replace(MODULE_PRELOAD, (_, href: string) => (preloads.add(href), ''));
  // Vite writes one entry; a page without one keeps its tags (nothing could start the app).
  if (entries.length !== 1) return { rest: page, modules: [] };
  return { rest, modules: [entries[0]!, ...[...preloads].filter((h) => h !== entries[0])] };
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/**
 * The styles of a landing screen, inlined: a stylesheet is a render-blocking round trip on a phone
 * network, and these are a few KB. Each stays named by a disabled link (the browser does not fetch a
 * disabled stylesheet) because the bundle's loader skips a stylesheet already linked in the page —
 * without it the route's chunk would fetch its CSS again and wait for it.
 */
function inlineStyles(distDir: string, hrefs: string[]): string[] {
  return hrefs.flatMap((href) => {
    const file = join(distDir, href);
    if (!href.startsWith('/assets/') || !href.endsWith('.css') || !existsSync(file)) {
      return [`<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">`];
    }
    const css = readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
    return [
      `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}" disabled>`,
      `<style>${css}</style>`,
    ];
  });
}

export type DocumentRenderer = (request: FastifyRequest) => Promise<string>;

/** Null when there is no build with a manifest (the plain index.html is then sent as a file). */
export function createDocumentRenderer(
  app: App,
  distDir: string,
  imageKey: string,
  shellMarker = DEFAULT_SHELL_UA_MARKER,
): DocumentRenderer | null {
  const indexFile = join(distDir, 'index.html');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(indexFile) || !existsSync(manifestFile)) return null;
  const prerender = createPrerenderer(distDir, (msg) => app.log.warn(msg));
  if (prerender) app.addHook('onClose', () => prerender.close());
  const inlineScript = `<script>${prerenderScript(imageKey)}</script>`;
  // Read again when a new build replaces index.html under a running server: a page must never name
  // chunks that are gone.
  let built = {
    at: -1,
    template: '',
    screenTemplate: '',
    links: new Map<Screen, string[]>(),
    later: new Map<Screen, string>(),
  };
  const current = () => {
    const at = statSync(indexFile).mtimeMs;
    if (at !== built.at) {
      const template = readFileSync(indexFile, 'utf8');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
      // The entry's own links are already in index.html; a screen adds only what the entry lacks.
      const inIndex = (href: string) => template.includes(`href="${href}"`);
      const links = new Map(
        SCREENS.map((s) => {
          const { styles, preloads } = chunkLinks(manifest, s.module);
          const own = styles.filter((href) => !inIndex(href));
          const preloadsNeeded = preloads.filter((l) => !inIndex(/href="([^"]+)"/.exec(l)?.[1] ?? '\0'));
          return [s, [...inlineStyles(distDir, own), ...preloadsNeeded]];
        }),
      );
      // Landing screens get the entry's styles inline too.
      const screenTemplate = template.replace(STYLESHEET_LINK, (_, href: string) =>
        inlineStyles(distDir, [href]).join('\n    '),
      );
      const later = new Map(
        SCREENS.flatMap((s) => {
          const files = (s.later ?? []).flatMap((key) => (manifest[key] ? [`/${manifest[key].file}`] : []));
          if (!files.length) return [];
          const json = escapeJson(JSON.stringify(files));
          return [[s, `<script type="application/json" id="${LATER_CODE_ELEMENT_ID}">${json}</script>`]];
        }),
      );
      built = { at, template, screenTemplate, links, later };
    }
    return built;
  };

  async function answer(request: FastifyRequest, url: string): Promise<unknown> {
    // Through the app's own route: same rules, caches and limits as the call the page would make.
    const res = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: { accept: 'application/json', 'accept-encoding': 'identity' },
    });
    if (res.statusCode !== 200) return undefined;
    const body = JSON.parse(res.body) as { result?: boolean };
    // A refusal (a locked chapter's 999) is the app's own call to make, with the visitor's session.
    return body.result === false ? undefined : body;
  }

  return async (request) => {
    const { template, screenTemplate, links, later } = current();
    const url = new URL(request.url, 'http://x');
    const path = pathOf(request.url);
    for (const screen of SCREENS) {
      const m = path.match(screen.path);
      if (!m) continue;
      const calls = screen.boot(m, url.searchParams);
      const bodies = await Promise.all(
        calls.map((c) => answer(request, c.ask ?? c.url).catch(() => undefined)),
      );
      const entries: BootEntry[] = calls.flatMap((c, i) =>
        bodies[i] ? [{ url: c.url, anonymousOnly: c.anonymousOnly ?? false, body: bodies[i] }] : [],
      );
      const head = [...(links.get(screen) ?? []), ...(later.has(screen) ? [later.get(screen)!] : [])];
      const lcp = screen.lcpImage?.(entries);
      if (lcp && lcp.startsWith('/media/')) {
        head.unshift(
          `<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="high" href="${escapeAttr(lcp)}">`,
        );
      }
      if (entries.length) {
        const boot: BootData = { at: Date.now(), entries };
        head.push(
          `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${escapeJson(JSON.stringify(boot))}</script>`,
        );
      }
      // The first screen itself, rendered by the app's components from those answers.
      const firstScreen = entries.length
        ? await prerender?.render(
            `${request.protocol}://${request.host}${request.url}`,
            entries,
            prerenderVisitor(request, shellMarker),
          )
        : null;
      if (firstScreen) head.push(PRERENDER_STYLE);
      // Functions, not strings: inlined CSS, JSON and markup may hold `$&`-like sequences.
      const page = screenTemplate.replace('</head>', () => `${head.join('\n    ')}\n  </head>`);
      if (!firstScreen) return page;
      const { rest, modules } = takeModuleTags(page);
      const named = modules.length
        ? `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">${escapeJson(JSON.stringify(modules))}</script>`
        : '';
      return rest.replace(
        '<div id="root"></div>',
        () =>
          `<div id="${PRERENDER_ELEMENT_ID}">${firstScreen}</div>${named}${inlineScript}<div id="root"></div>`,
      );
    }
    return template;
  };
}
