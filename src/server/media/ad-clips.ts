import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { cacheCtx } from './demo-clips.js';
import { runFfmpeg } from './ffmpeg.js';
import { exists, mediaDir, type MediaCtx } from './files.js';

/**
 * Demo video ads: a few seconds of a lavfi test source with a tone, as one progressive MP4 each
 * (H.264 baseline + AAC, moov first), which every phone plays in a plain <video> without hls.js.
 * Made once per DATA_DIR (under vitest once per machine, then copied) and served from
 * /media/ad/{key}.mp4; a key names one output for good, so bump its suffix when the generator changes.
 */

export const AD_CLIP_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}\.mp4$/;

interface AdClipSpec {
  key: string;
  video: string;
  tone: number;
  seconds: number;
}

const SIZE = '320x180';
export const AD_CLIPS: readonly AdClipSpec[] = [
  { key: 'ad-rgb-v1', video: `rgbtestsrc=size=${SIZE}:rate=15`, tone: 880, seconds: 3 },
  { key: 'ad-bars-v1', video: `smptebars=size=${SIZE}:rate=15`, tone: 660, seconds: 4 },
  { key: 'ad-pattern-v1', video: `testsrc=size=${SIZE}:rate=15`, tone: 550, seconds: 4 },
];

export const adClipDir = (ctx: MediaCtx) => mediaDir(ctx, 'ads');
const adClipFile = (ctx: MediaCtx, key: string) => join(adClipDir(ctx), `${key}.mp4`);

async function encode(file: string, spec: AdClipSpec): Promise<void> {
  // Written beside and renamed, so a reader (or a crash) never meets half a file.
  const tmp = `${file}.${process.pid}.tmp.mp4`;
  await mkdir(dirname(file), { recursive: true });
  await runFfmpeg([
    '-y',
    ...['-f', 'lavfi', '-i', `${spec.video}:duration=${spec.seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${spec.tone}:sample_rate=44100:duration=${spec.seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '48k', '-shortest', '-movflags', '+faststart', tmp],
  ]).catch(async (err: unknown) => {
    await rm(tmp, { force: true });
    throw err;
  });
  await rename(tmp, file);
}

async function ensureClip(ctx: MediaCtx, spec: AdClipSpec): Promise<void> {
  const file = adClipFile(ctx, spec.key);
  if (await exists(file)) return;
  const cache = cacheCtx(ctx);
  if (!cache) return encode(file, spec);
  const cached = adClipFile(cache, spec.key);
  if (!(await exists(cached))) await encode(cached, spec);
  const tmp = `${file}.${process.pid}.copy`;
  await mkdir(dirname(file), { recursive: true });
  await copyFile(cached, tmp);
  await rename(tmp, file);
}

export interface AdClip {
  mediaKey: string;
  seconds: number;
}

/** Makes the demo ad clips that are missing (one at a time: each is a fraction of a second). */
export async function ensureAdClips(ctx: MediaCtx): Promise<AdClip[]> {
  for (const spec of AD_CLIPS) await ensureClip(ctx, spec);
  return AD_CLIPS.map((s) => ({ mediaKey: s.key, seconds: s.seconds }));
}

export const adVideoUrl = (mediaKey: string) => `/media/ad/${mediaKey}.mp4`;
