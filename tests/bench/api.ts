import autocannon from 'autocannon';
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from './server.js';

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
}

export interface LoadFigure {
  name: string;
  bytes: number;
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
}

const TRACE = 'bench-trace-0001';

async function load(url: string, t: Target, durationS: number): Promise<Omit<LoadFigure, 'name' | 'bytes'>> {
  const r = await autocannon({
    url: url + t.path,
    method: t.method,
    headers: { 'x-trace-id': TRACE, ...t.headers },
    connections: 10,
    duration: durationS,
  });
  return { reqPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99, non2xx: r.non2xx };
}

/**
 * Catalogue reads (home/index, detail, read_chapter, search) under autocannon on loopback, each next to a
 * static file of the same size served by the same server in the same run.
 */
export async function benchApi(durationS = 5): Promise<LoadFigure[]> {
  const staticDir = join(process.cwd(), 'dist', 'bench-static');
  rmSync(staticDir, { recursive: true, force: true });
  mkdirSync(staticDir, { recursive: true });
  // First start seeds the catalogue; the figures come from the second (warm) start.
  const first = await startServer();
  const dataDir = first.dataDir;
  const reg = await fetch(`${first.url}/api/user/register?fromDomain=bench`, {
    method: 'POST',
    headers: { 'x-trace-id': TRACE },
  }).then((r) => r.json() as Promise<{ data: { token: string } }>);
  const auth = { authorization: `Bearer ${reg.data.token}` };
  const home = await fetch(`${first.url}/api/book/home/index`).then(
    (r) => r.json() as Promise<{ data: { recommendList: { bookId: number; title: string }[] } }>,
  );
  const book = home.data.recommendList[0]!;
  const keyword = encodeURIComponent(book.title.slice(0, 2));
  const targets: Target[] = [
    { name: 'home/index', method: 'GET', path: '/api/book/home/index' },
    { name: 'detail', method: 'GET', path: `/api/book/detail/${book.bookId}`, headers: auth },
    {
      name: 'read_chapter',
      method: 'GET',
      path: `/api/book/read_chapter?bookId=${book.bookId}&number=1`,
      headers: auth,
    },
    { name: 'search', method: 'POST', path: `/api/book/search?content=${keyword}`, headers: auth },
  ];
  const sizes: number[] = [];
  for (const t of targets) {
    const res = await fetch(first.url + t.path, {
      method: t.method,
      headers: { 'x-trace-id': TRACE, ...t.headers },
    });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${t.name} answered ${res.status}`);
    sizes.push(body.byteLength);
    writeFileSync(join(staticDir, `${t.name.replace('/', '-')}.json`), Buffer.alloc(body.byteLength, 0x20));
  }
  await first.stop();

  const server = await startServer({ dataDir });
  const figures: LoadFigure[] = [];
  try {
    for (const [i, t] of targets.entries()) {
      figures.push({ name: t.name, bytes: sizes[i]!, ...(await load(server.url, t, durationS)) });
      const file = `/bench-static/${t.name.replace('/', '-')}.json`;
      figures.push({
        name: `static file (${t.name} size)`,
        bytes: sizes[i]!,
        ...(await load(server.url, { name: file, method: 'GET', path: file }, durationS)),
      });
    }
  } finally {
    await server.stop();
    rmSync(staticDir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchApi().then((f) => console.table(f));
}
