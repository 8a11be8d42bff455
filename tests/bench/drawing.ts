/**
 * Demo pictures drawn on demand cannot stall readers (issue 30 item 6). An external pass found that one
 * client with no session, asking for 300 undrawn chapter thumbnails, delayed every reader's first view
 * of a page to 11 s (0.4–0.5 s normally). This measures a reader's first view of undrawn pages, alone
 * and while one other address floods the server with 300 undrawn thumbnails, on a fresh demo server.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './server.js';
import { median } from './median.js';

interface Envelope<T> {
  result: boolean;
  data: T;
}
interface Chapter {
  bookId: number;
  number: number;
  cover: string;
  price: number;
}
interface ReadInfo {
  bookPics: { parts: string[] }[];
}

const READER_IP = '198.51.100.7';
const FLOOD_IP = '203.0.113.9';
const FLOOD = 300;
const PAGES = 5;

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as Envelope<T>;
  if (!body.result) throw new Error(`${url}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Time to a whole picture (ms) and its status. */
async function timedImage(url: string, ip: string, signal?: AbortSignal) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'x-forwarded-for': ip }, signal });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

export async function benchDrawing() {
  const server = await startServer();
  const { url } = server;
  try {
    const trace = () => ({ 'x-trace-id': `t-${randomBytes(6).toString('hex')}` });
    const session = await json<{ token: string; userId: number; account: string }>(
      `${url}/api/user/register`,
      { method: 'POST', headers: { ...trace(), 'x-forwarded-for': READER_IP } },
    );
    const auth = {
      authorization: `Bearer ${session.token}`,
      'x-user-id': String(session.userId),
      'x-account': session.account,
    };
    // Free chapters and every chapter's thumbnail, book by book, until there are enough of both.
    const free: Chapter[] = [];
    const thumbs: string[] = [];
    for (let id = 1; id <= 64 && (thumbs.length < FLOOD + 50 || free.length < PAGES * 2); id++) {
      const detail = await json<{ chapterList: Chapter[] }>(`${url}/api/book/detail/${id}`, {
        headers: trace(),
      });
      for (const c of detail.chapterList) {
        thumbs.push(`${url}${c.cover}`);
        // Chapter 1 is drawn ahead of demand (demo plugin); chapter 2 is free and drawn on demand.
        if (c.price === 0 && c.number === 2) free.push(c);
      }
    }
    // A chapter's first pages (free chapters: no purchase needed), none of them drawn yet.
    const firstPages: string[] = [];
    for (const c of free.slice(-PAGES * 2)) {
      const info = await json<ReadInfo>(
        `${url}/api/book/read_chapter?bookId=${c.bookId}&number=${c.number}&prefetch=1`,
        { headers: { ...trace(), ...auth } },
      );
      firstPages.push(`${url}${info.bookPics[0]!.parts[0]!}`);
    }
    const quietPages = firstPages.slice(0, PAGES);
    const floodPages = firstPages.slice(PAGES);

    // Alone: each first view draws its page.
    const quiet = [];
    for (const p of quietPages) quiet.push(await timedImage(p, READER_IP));

    // Under a flood: 300 undrawn thumbnails from one address at once; a third are cancelled at once
    // (a client scrolling past), then the reader opens pages. The demo draws every thumbnail ahead of
    // demand now: their files are removed first, as they were before that job ran.
    const flood = thumbs.slice(-FLOOD);
    for (const u of flood) {
      const hash = /\/media\/img\/([a-f0-9]+)_/.exec(u)![1]!;
      for (const size of [180, 200, 500])
        rmSync(join(server.dataDir, 'media', 'img', `${hash}_${size}_0.img`), { force: true });
    }
    const controllers = flood.map(() => new AbortController());
    const t0 = performance.now();
    const floodRuns = flood.map((u, i) =>
      timedImage(u, FLOOD_IP, controllers[i]!.signal).catch(() => ({ ms: NaN, status: 0 })),
    );
    for (let i = 0; i < FLOOD; i += 3) controllers[i]!.abort();
    await new Promise((r) => setTimeout(r, 100));
    const underFlood = [];
    for (const p of floodPages) underFlood.push(await timedImage(p, READER_IP));
    const floodAnswers = await Promise.all(floodRuns);
    const floodMs = performance.now() - t0;
    const statuses: Record<string, number> = {};
    for (const a of floodAnswers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    const ms = (xs: { ms: number }[]) => xs.map((x) => Math.round(x.ms));
    return [
      {
        case: `reader's first view of an undrawn page, alone (${PAGES} pages)`,
        medianMs: Math.round(median(ms(quiet))),
        maxMs: Math.max(...ms(quiet)),
        statuses: quiet.map((q) => q.status).join(' '),
      },
      {
        case: `same, while one address asks for ${FLOOD} undrawn thumbnails (a third cancelled)`,
        medianMs: Math.round(median(ms(underFlood))),
        maxMs: Math.max(...ms(underFlood)),
        statuses: underFlood.map((q) => q.status).join(' '),
      },
      {
        case: `the flood's own answers (status: count; 0 = cancelled)`,
        medianMs: Math.round(floodMs),
        maxMs: NaN,
        statuses: Object.entries(statuses)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', '),
      },
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchDrawing().then(
    (rows) => console.table(rows),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
