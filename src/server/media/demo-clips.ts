import { createHash, randomBytes } from 'node:crypto';
import { cp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_SIZES } from '../../contract/index.js';
import { exists, writeAtomic, type MediaCtx } from './files.js';
import { ingestHls, markerText, readVodMedia, vodDir, type HlsSource, type VodMedia } from './hls.js';
import { imageFile } from './images.js';
import { buildVtt } from './playlists.js';

/**
 * Demo videos for the seed: three distinct test-pattern clips (60 s, so the 40 s trial is real), each
 * with two audio tracks at different pitches (a beep every second) and zh/en subtitles. They are
 * generated straight from lavfi into the HLS ingest — no source file — once per DATA_DIR; later starts
 * find meta.json and skip the work. Several demo videos share one clip.
 */

export const DEMO_CLIP_SECONDS = 60;
const SIZE = '640x360';
// 15 fps: a third less encoding than 25 for a test pattern nobody studies frame by frame.

interface ClipSpec {
  /** Bump the suffix when the generator changes, so old output is not reused. */
  key: string;
  video: string;
  tones: [number, number];
  label: string;
}

// Cheap sources on purpose: a hue filter alone cost more CPU than encoding a rendition.
const CLIPS: ClipSpec[] = [
  { key: 'demo-a-v3', video: `testsrc2=size=${SIZE}:rate=15`, tones: [440, 660], label: 'Inkreel demo A' },
  { key: 'demo-b-v3', video: `smptehdbars=size=${SIZE}:rate=15`, tones: [330, 495], label: 'Inkreel demo B' },
  { key: 'demo-c-v3', video: `testsrc=size=${SIZE}:rate=15`, tones: [523, 784], label: 'Inkreel demo C' },
];

export interface DemoVideo {
  mediaKey: string;
  duration: number;
  posterHash: string;
  markers: { offset: number; coverHash: string; title: string; describe: string }[];
}

function demoSubtitles(letter: string) {
  const cue = (lang: 'zh' | 'en') =>
    Array.from({ length: DEMO_CLIP_SECONDS / 5 }, (_, i) => ({
      start: i * 5,
      end: i * 5 + 4,
      text:
        lang === 'zh'
          ? `演示视频 ${letter} · 第 ${i + 1} 段字幕`
          : `Demo video ${letter} · subtitle ${i + 1}`,
    }));
  return [
    { language: 'zh', name: '中文', vtt: buildVtt(cue('zh')) },
    { language: 'en', name: 'English', vtt: buildVtt(cue('en')) },
  ];
}

function clipSource(spec: ClipSpec): HlsSource {
  const d = DEMO_CLIP_SECONDS;
  const letter = spec.label.slice(-1);
  const [w, h] = SIZE.split('x').map(Number) as [number, number];
  return {
    inputArgs: [
      ...['-f', 'lavfi', '-i', `${spec.video}:duration=${d}`],
      ...[
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${spec.tones[0]}:beep_factor=2:sample_rate=44100:duration=${d}`,
      ],
      ...[
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${spec.tones[1]}:beep_factor=2:sample_rate=44100:duration=${d}`,
      ],
    ],
    videoMap: '0:v',
    audio: [
      { map: '1:a', language: 'zh', name: '国语' },
      { map: '2:a', language: 'en', name: 'English' },
    ],
    subtitles: demoSubtitles(letter),
    width: w,
    height: h,
    duration: d,
    label: spec.label,
    preset: 'ultrafast',
  };
}

/**
 * Under vitest (or with DEMO_MEDIA_CACHE set) clips are encoded once per machine into a shared folder
 * and copied into each DATA_DIR: many test apps seed the demo catalogue on two shared cores.
 * The folder is keyed by the image key, since the poster and marker images are encrypted with it.
 */
export function cacheCtx(ctx: MediaCtx): MediaCtx | null {
  const root =
    process.env.DEMO_MEDIA_CACHE || (process.env.VITEST ? join(tmpdir(), 'inkreel-demo-media') : '');
  if (!root) return null;
  const fp = createHash('sha256').update(ctx.config.imageKey).digest('hex').slice(0, 12);
  return { config: { ...ctx.config, dataDir: join(root, fp) }, imageKey: ctx.imageKey };
}

async function copyClip(from: MediaCtx, to: MediaCtx, media: VodMedia): Promise<void> {
  for (const hash of [media.posterHash, ...media.markers.map((m) => m.coverHash)]) {
    for (const size of IMAGE_SIZES) {
      const dst = imageFile(to, hash, size);
      if (!(await exists(dst))) await writeAtomic(dst, await readFile(imageFile(from, hash, size)));
    }
  }
  const final = vodDir(to, media.mediaKey);
  if (await exists(final)) return;
  const tmp = `${final}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await cp(vodDir(from, media.mediaKey), tmp, { recursive: true });
  // meta.json goes last: its presence is what marks the output finished.
  await rename(tmp, final).catch(async (err: unknown) => {
    await rm(tmp, { recursive: true, force: true });
    if (!(await exists(join(final, 'meta.json')))) throw err;
  });
}

async function ensureClip(ctx: MediaCtx, spec: ClipSpec): Promise<VodMedia> {
  const done = await readVodMedia(ctx, spec.key);
  if (done) return done;
  const cache = cacheCtx(ctx);
  if (!cache) return ingestHls(ctx, spec.key, clipSource(spec));
  const media = await ingestHls(cache, spec.key, clipSource(spec));
  await copyClip(cache, ctx, media);
  return media;
}

/** Two clips encode at a time: lavfi generation and the muxers are single-threaded, x264 is not. */
async function ensureClips(ctx: MediaCtx): Promise<VodMedia[]> {
  const out: VodMedia[] = new Array(CLIPS.length);
  let next = 0;
  const worker = async () => {
    while (next < CLIPS.length) {
      const i = next++;
      out[i] = await ensureClip(ctx, CLIPS[i]!);
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

export async function ensureDemoVideos(ctx: MediaCtx, count: number): Promise<DemoVideo[]> {
  const clips = await ensureClips(ctx);
  return Array.from({ length: count }, (_, i) => {
    const m = clips[i % clips.length]!;
    return {
      mediaKey: m.mediaKey,
      duration: m.duration,
      posterHash: m.posterHash,
      markers: m.markers.map((k, j) => ({
        offset: k.offset,
        coverHash: k.coverHash,
        ...markerText(j, k.offset),
      })),
    };
  });
}
