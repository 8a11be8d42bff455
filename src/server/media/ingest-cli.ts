import { existsSync, statSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exitOnConfigError, loadConfig, TRIAL_SECONDS_RANGE } from '../config.js';
import { openService } from '../composition-root.js';
import { ingestComicFolder } from './ingest-comic.js';
import { assertVodType, findSubtitles, ingestVideoFile, insertVod } from './ingest-video.js';

const USAGE = `usage:
  npm run ingest -- comic <folder> [--split 1..4]
      folder: book.json (title, author, category, abstract, price, freeChapters, publishStatus,
      vipFree, splitCount — all optional), cover.* / hori.* (optional), one sub-folder per chapter
      in name order with its pages (jpg/png/webp) in name order. Re-running adds new chapters.
  npm run ingest -- video <file> --type <typeId> [--price <coins>] [--name <title>] [--content <text>]
      [--no-trial | --trial-seconds <n>]
      Subtitles: <file stem>.<lang>.vtt next to the video (e.g. clip.zh.vtt); none → no subtitle tracks.
      Trial: VOD_TRIAL_SECONDS (40 s) unless --trial-seconds gives this video its own length.
Uses DATA_DIR / DATABASE_URL / IMAGE_KEY like the server.`;

/** `[#####-----]  45% chapter 3/10` on stderr, redrawn in place on a terminal. */
function progress(fraction: number, label: string) {
  const f = Math.max(0, Math.min(1, fraction));
  const filled = Math.round(f * 20);
  const line = `[${'#'.repeat(filled)}${'-'.repeat(20 - filled)}] ${String(Math.round(f * 100)).padStart(3)}% ${label}`;
  if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K`);
  else process.stderr.write(`${line}\n`);
}

function fail(msg: string): never {
  process.stderr.write(`${msg}\n\n${USAGE}\n`);
  process.exit(2);
}

function intArg(v: string | undefined, name: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) fail(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      split: { type: 'string' },
      type: { type: 'string' },
      price: { type: 'string' },
      name: { type: 'string' },
      content: { type: 'string' },
      'no-trial': { type: 'boolean' },
      'trial-seconds': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const [kind, target] = positionals;
  if ((kind !== 'comic' && kind !== 'video') || !target) fail('expected: comic <folder> | video <file>');
  const path = resolve(target);
  if (!existsSync(path)) fail(`${path}: not found`);

  const { database, ctx } = await openService(loadConfig());
  try {
    const started = Date.now();
    if (kind === 'comic') {
      if (!statSync(path).isDirectory()) fail(`${path}: not a folder`);
      const r = await ingestComicFolder(ctx, path, {
        splitCount: intArg(values.split, 'split', 1, 4),
        onProgress: (p) =>
          progress(
            (p.chapter - 1 + (p.page - 1) / p.pages) / p.chapters,
            `chapter ${p.chapter}/${p.chapters} page ${p.page}/${p.pages}`,
          ),
      });
      progress(1, 'done');
      process.stderr.write(
        `\n${r.created ? 'created' : 'updated'} book ${r.bookId}: ${r.chaptersAdded} chapter(s), ${r.pagesAdded} page(s) added in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
    } else {
      const typeId = intArg(values.type, 'type', 1, 2_147_483_647) ?? fail('--type <typeId> is required');
      const price = intArg(values.price, 'price', 0, 1_000_000) ?? 0;
      const { min, max } = TRIAL_SECONDS_RANGE;
      const trialSeconds = intArg(values['trial-seconds'], 'trial-seconds', min, max);
      if (trialSeconds !== undefined && values['no-trial'])
        fail('--trial-seconds and --no-trial exclude each other');
      await assertVodType(ctx, typeId);
      const subs = await findSubtitles(path);
      process.stderr.write(
        subs.length
          ? `subtitles: ${subs.map((s) => s.language).join(', ')}\n`
          : 'no .vtt files next to the video: it gets no subtitle tracks\n',
      );
      const media = await ingestVideoFile(ctx, path, (f) => progress(f, 'encoding'));
      progress(1, 'done');
      const id = await insertVod(ctx, media, {
        typeId,
        price,
        name: values.name ?? basename(path, extname(path)),
        content: values.content,
        canTry: !values['no-trial'],
        trialSeconds,
      });
      process.stderr.write(
        `\nvideo ${id} (${media.mediaKey}, ${media.duration.toFixed(1)} s, ${media.renditions.map((r) => `${r.height}p`).join('/')}, ` +
          `${media.audio.length} audio, ${media.subtitles.length} subtitle track(s)) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
    }
  } finally {
    await database.destroy();
  }
}

main().catch((err: unknown) => {
  exitOnConfigError(err);
  process.stderr.write(`\ningest failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
