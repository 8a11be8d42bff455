/**
 * Bytes on the wire for a phone's visit of /home, counted where they really flow: every byte the server's
 * answers put on the browser's TCP connections (headers included), through a counting HTTP relay in front
 * of the real server. The service worker's own fetches (its precache) are counted too, which a page-level
 * trace would miss.
 *
 * Two runs of the same build in one go: as served (the browser's own Accept-Encoding), and a reference in
 * which the relay asks the server for `identity`, i.e. what a phone received before anything was
 * compressed. Each run: a first visit of /home in a fresh profile until the network is quiet (first
 * screen, registration, service-worker install and precache), then a repeat visit in a new tab.
 *
 * Runnable alone: `npx tsx tests/bench/wire.ts` (builds when dist/ is stale, starts its own server).
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { buildDist, distIsStale } from '../e2e/global-setup';
import { newPhone } from './phone.js';
import { startServer } from './server.js';

/** The network counts as settled when no byte moved for this long. */
const QUIET_MS = 2_500;
const VISIT_LIMIT_MS = 60_000;

interface Relay {
  url: string;
  /** Bytes written to the browser since the last reset (status lines, headers and bodies). */
  bytes(): number;
  requests(): number;
  reset(): void;
  lastActivity(): number;
  close(): Promise<void>;
}

/** An HTTP/1.1 relay that counts the bytes it writes back to the browser. */
async function startRelay(target: string, forceIdentity: boolean): Promise<Relay> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let base = 0;
  let count = 0;
  let last = Date.now();
  const closedBytes = { total: 0 };
  const server: Server = createServer((req, res) => {
    count++;
    last = Date.now();
    const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
    if (forceIdentity) headers['accept-encoding'] = 'identity';
    const out = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.on('data', () => (last = Date.now()));
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      closedBytes.total += socket.bytesWritten;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const total = () => closedBytes.total + [...sockets].reduce((n, s) => n + s.bytesWritten, 0);
  return {
    url: `http://127.0.0.1:${port}`,
    bytes: () => total() - base,
    requests: () => count,
    reset: () => {
      base = total();
      count = 0;
    },
    lastActivity: () => last,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function settle(relay: Relay, page: Page) {
  const until = Date.now() + VISIT_LIMIT_MS;
  await page.waitForSelector('.carousel-slide img', { timeout: VISIT_LIMIT_MS });
  while (Date.now() < until && Date.now() - relay.lastActivity() < QUIET_MS) {
    await page.waitForTimeout(250);
  }
}

export interface WireFigure {
  served: string;
  visit: string;
  requests: number;
  kilobytes: number;
}

async function visitTwice(target: string, forceIdentity: boolean): Promise<WireFigure[]> {
  const relay = await startRelay(target, forceIdentity);
  const phone = await newPhone(relay.url);
  const served = forceIdentity ? 'uncompressed (reference)' : 'as served';
  try {
    const first = await phone.context.newPage();
    relay.reset();
    await first.goto('/home');
    await settle(relay, first);
    const firstVisit = { requests: relay.requests(), bytes: relay.bytes() };
    await first.close();

    const again = await phone.context.newPage();
    relay.reset();
    await again.goto('/home');
    await settle(relay, again);
    const repeat = { requests: relay.requests(), bytes: relay.bytes() };
    return [
      { served, visit: 'first visit of /home', ...kb(firstVisit) },
      { served, visit: 'repeat visit of /home', ...kb(repeat) },
    ];
  } finally {
    await phone.close();
    await relay.close();
  }
}

const kb = (v: { requests: number; bytes: number }) => ({
  requests: v.requests,
  kilobytes: Math.round(v.bytes / 102.4) / 10,
});

export async function benchWire(): Promise<WireFigure[]> {
  if (distIsStale()) buildDist();
  const server = await startServer();
  try {
    return [...(await visitTwice(server.url, false)), ...(await visitTwice(server.url, true))];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchWire()
    .then((rows) => console.table(rows))
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
