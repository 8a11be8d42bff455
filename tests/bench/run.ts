import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { benchApi } from './api.js';

type Section = { title: string; run: () => Promise<unknown> };

/** Optional sections written by other areas: loaded when present so one missing area does not stop the run. */
async function optional(file: string, fn: string): Promise<(() => Promise<unknown>) | null> {
  if (!existsSync(join(import.meta.dirname, `${file}.ts`))) return null;
  const mod = (await import(`./${file}.js`)) as Record<string, () => Promise<unknown>>;
  return mod[fn] ?? null;
}

function toMarkdown(value: unknown): string {
  if (Array.isArray(value) && value.length && typeof value[0] === 'object') {
    const cols = Object.keys(value[0] as object);
    const rows = value.map(
      (r) => `| ${cols.map((c) => String((r as Record<string, unknown>)[c])).join(' | ')} |`,
    );
    return [`| ${cols.join(' | ')} |`, `| ${cols.map(() => '---').join(' | ')} |`, ...rows].join('\n');
  }
  return '```json\n' + JSON.stringify(value, null, 2) + '\n```';
}

async function main() {
  if (!existsSync('dist/index.html')) execSync('npx vite build', { stdio: 'inherit' });
  const sections: Section[] = [
    { title: 'Catalogue API vs static file (autocannon, 10 connections, loopback)', run: () => benchApi() },
  ];
  for (const [file, fn, title] of [
    ['money', 'benchMoney', 'Purchases and pay notifications (SQLite)'],
    ['media', 'benchMedia', 'Media pipeline (cold DATA_DIR)'],
    [
      'drawing',
      'benchDrawing',
      "Demo pictures drawn on demand: a reader's first view of undrawn pages, alone and under a flood",
    ],
    ['bundle', 'benchBundle', 'JavaScript loaded per route (gzip)'],
    ['reader', 'benchReader', 'Reader: next chapter paint and layout shift (Chromium)'],
    ['auth', 'benchAuth', 'Logins under a flood of password hashing (production scrypt N=2^17)'],
    ['wire', 'benchWire', 'Bytes on the wire for /home in Chromium (relay count; reference: uncompressed)'],
    ['weak-network', 'benchWeakNetwork', 'Weak network (400 Kbps, 400 ms RTT) in Chromium, median of 3'],
    [
      'sync-calls',
      'benchSyncCalls',
      "Synchronous calls into the browser during /home's first load (Chromium, median of 5 loads)",
    ],
    [
      'tap-to-play',
      'benchTapToPlay',
      'Video page: tap to play on a phone (slow 4G, 4× CPU, autoplay refused), median of 3',
    ],
    [
      'downloads',
      'benchDownloads',
      'Downloads for offline: a 20-picture chapter, and opening it offline (Chromium)',
    ],
    ['lighthouse', 'benchLighthouse', 'Lighthouse 12 mobile on the served build (median of 3)'],
  ] as const) {
    const run = await optional(file, fn);
    if (run) sections.push({ title, run });
  }
  const out: string[] = [
    `# Inkreel benchmarks`,
    ``,
    `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} cores (${cpus()[0]?.model ?? ''})`,
  ];
  const json: Record<string, unknown> = {};
  for (const s of sections) {
    console.log(`\n## ${s.title}`);
    try {
      const result = await s.run();
      json[s.title] = result;
      out.push('', `## ${s.title}`, '', toMarkdown(result));
      console.log(toMarkdown(result));
    } catch (err) {
      json[s.title] = { error: String(err) };
      out.push('', `## ${s.title}`, '', `failed: ${String(err)}`);
      console.error(err);
      process.exitCode = 1;
    }
  }
  mkdirSync('tests/bench/reports', { recursive: true });
  writeFileSync('tests/bench/reports/latest.md', out.join('\n') + '\n');
  writeFileSync('tests/bench/reports/latest.json', JSON.stringify(json, null, 2) + '\n');
  console.log('\nreport: tests/bench/reports/latest.md');
}

void main();
