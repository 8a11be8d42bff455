import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { DEFAULT_IMAGE_KEY, importImageKey } from '../../src/contract/index.js';
import { loadConfig } from '../../src/server/config.js';
import { demoBook, renderDemoCover, renderDemoPage } from '../../src/server/demo/art.js';
import { ensureDemoVideos } from '../../src/server/demo/clips.js';
import { storeChapterPage, storeImage, type MediaCtx } from '../../src/server/media/images.js';
import { ingestVideoFile } from '../../src/server/media/ingest-video.js';
import { FsMediaStore, fsMediaRoot } from '../../src/server/infra/media/fs-media-store.js';
import { makeTestClip } from '../server/helpers/clip.js';

/** Media pipeline timings on a cold DATA_DIR (npm run bench, or `npx tsx tests/bench/media.ts`). */
export async function benchMedia() {
  const dir = mkdtempSync(join(tmpdir(), 'inkreel-bench-media-'));
  const ctx: MediaCtx = {
    config: loadConfig({ DATA_DIR: dir }),
    imageKey: await importImageKey(DEFAULT_IMAGE_KEY),
    media: new FsMediaStore(fsMediaRoot(dir)),
  };
  const rows: { step: string; ms: number }[] = [];
  const time = async (step: string, n: number, fn: (i: number) => Promise<unknown>) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) await fn(i);
    rows.push({ step, ms: Math.round((performance.now() - t) / n) });
  };
  try {
    const covers = await Promise.all(
      Array.from({ length: 11 }, (_, i) => renderDemoCover({ book: demoBook(`B${i}`, i), author: '' })),
    );
    const pages = await Promise.all(
      Array.from({ length: 11 }, (_, i) => renderDemoPage({ book: demoBook('B', 9), chapter: 1, page: i })),
    );
    await storeImage(ctx, covers[10]!); // warm-up: sharp's first call loads libvips
    await time('render demo page (SVG → PNG)', 5, (i) =>
      renderDemoPage({ book: demoBook('C', 3), chapter: 2, page: i }),
    );
    await time('storeImage: 1 cover, 3 sizes', 10, (i) => storeImage(ctx, covers[i]!));
    await time('storeImage again (content hash hit)', 10, (i) => storeImage(ctx, covers[i]!));
    await time('storeChapterPage split 1', 5, (i) => storeChapterPage(ctx, pages[i]!, 1));
    await time('storeChapterPage split 3', 5, (i) => storeChapterPage(ctx, pages[i + 5]!, 3));

    const src = join(dir, 'clip.mp4');
    await makeTestClip(src, { seconds: 60, size: '640x360', secondTone: 660 });
    await time('ingest one 60 s 360p file (2 renditions, 2 audio)', 1, () => ingestVideoFile(ctx, src));
    const specs = Array.from({ length: 3 }, (_, i) => ({
      name: `清晨漫步${i + 1}`,
      typeIndex: i,
      typeName: '每日推荐',
      seed: 700 + i,
      seconds: 60,
    }));
    await time('ensureDemoVideos cold (3 scenes of 60 s)', 1, () => ensureDemoVideos(ctx, specs));
    await time('ensureDemoVideos warm', 1, () => ensureDemoVideos(ctx, specs));
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await benchMedia());
}
