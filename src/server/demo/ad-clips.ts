import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { CHAR_BOX, characterMarkup, type CharacterLook } from './cast.js';
import { FONT_FILES } from './fonts.js';
import { demoCacheDir } from './clips.js';
import { runFfmpeg } from '../media/ffmpeg.js';
import { fileExists, type MediaCtx } from '../media/files.js';
import { adClipKey } from '../media/keys.js';

/**
 * Demo video ads: a few seconds each of a slogan sliding in over a brand colour with a character
 * bouncing beside it and a jingle, as one progressive MP4 each (H.264 baseline + AAC, moov first),
 * which every phone plays in a plain <video> without hls.js. Made once per media store (under vitest
 * once per machine, then copied), stored as ads/{key}.mp4 and served from /media/ad/{key}.mp4 (media/ad-clips.ts); a key
 * names one output for good, so bump its suffix when the generator changes.
 */

interface AdClipSpec {
  key: string;
  /** Advert name (the player_ads title). */
  title: string;
  slogan: string;
  detail: string;
  color: string;
  character: CharacterLook;
  tones: [number, number];
  seconds: number;
}

const W = 320;
const H = 180;
export const AD_CLIPS: readonly AdClipSpec[] = [
  {
    key: 'ad-milktea-v2',
    title: '夏日果茶',
    slogan: '夏日果茶 第二杯半价',
    detail: '冰爽一夏',
    color: '0xff8fab',
    character: { set: 'sophie', costume: '#ffb703' },
    tones: [523, 659],
    seconds: 3,
  },
  {
    key: 'ad-game-v2',
    title: '星海冒险',
    slogan: '星海冒险 今日公测',
    detail: '登录就送十连抽',
    color: '0x3a86ff',
    character: { set: 'ethan', costume: '#8338ec' },
    tones: [392, 587],
    seconds: 4,
  },
  {
    key: 'ad-phone-v2',
    title: '轻薄新机',
    slogan: '轻薄新机 拍照更清晰',
    detail: '限时直降三百元',
    color: '0x2a9d8f',
    character: { set: 'ringo', costume: '#264653' },
    tones: [440, 660],
    seconds: 4,
  },
];

async function characterPng(look: CharacterLook, file: string): Promise<void> {
  const h = 150;
  const s = h / CHAR_BOX.height;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(CHAR_BOX.width * s)}" height="${h}"><g transform="scale(${s})">${characterMarkup(look, 'laugh', 'cheer')}</g></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

async function encode(file: string, spec: AdClipSpec): Promise<void> {
  // Written beside and renamed, so a reader (or a crash) never meets half a file.
  const tmp = `${file}.${process.pid}.tmp.mp4`;
  await mkdir(dirname(file), { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'inkreel-ad-'));
  const d = spec.seconds;
  try {
    await characterPng(spec.character, join(work, 'c.png'));
    await writeFile(join(work, 's.txt'), spec.slogan);
    await writeFile(join(work, 'd.txt'), spec.detail);
    const text = (f: string, font: string, size: number, y: string, x: string) =>
      `drawtext=fontfile=${font}:textfile=${join(work, f)}:fontsize=${size}:fontcolor=white:borderw=2:bordercolor=0x222222:x=${x}:y=${y}`;
    const graph = [
      `color=c=${spec.color}:s=${W}x${H}:r=15:d=${d},format=yuv420p[bg]`,
      `[0:v]format=yuva420p,loop=-1:1:0[c]`,
      `[bg][c]overlay=x=${W - 110}:y='${H - 150}+12*abs(sin(t*6))':shortest=1,` +
        text('s.txt', FONT_FILES.title, 24, '40', `'min(14,-tw+t*600)'`) +
        ',' +
        text('d.txt', FONT_FILES.sans, 16, '86', '14') +
        `:enable='gte(t,0.6)'[v]`,
      `[1:a][2:a]amix=inputs=2,volume='0.3+0.7*exp(-6*mod(t*3,1))':eval=frame[a]`,
    ].join(';');
    await runFfmpeg([
      '-y',
      ...['-i', join(work, 'c.png')],
      ...['-f', 'lavfi', '-i', `sine=frequency=${spec.tones[0]}:sample_rate=22050:duration=${d}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${spec.tones[1]}:sample_rate=22050:duration=${d}`],
      ...['-filter_complex', graph, '-map', '[v]', '-map', '[a]'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-t', String(d), '-movflags', '+faststart', tmp],
    ]);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function ensureClip(ctx: MediaCtx, spec: AdClipSpec): Promise<void> {
  const key = adClipKey(spec.key);
  if (await ctx.media.exists(key)) return;
  const cache = demoCacheDir(ctx);
  if (cache) {
    const cached = join(cache, 'ads', `${spec.key}.mp4`);
    if (!(await fileExists(cached))) await encode(cached, spec);
    return ctx.media.write(key, createReadStream(cached));
  }
  const work = await mkdtemp(join(tmpdir(), 'inkreel-ad-out-'));
  try {
    const file = join(work, `${spec.key}.mp4`);
    await encode(file, spec);
    await ctx.media.write(key, createReadStream(file));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface AdClip {
  mediaKey: string;
  seconds: number;
  title: string;
}

/** Makes the demo ad clips that are missing (one at a time: each is a fraction of a second of work). */
export async function ensureAdClips(ctx: MediaCtx): Promise<AdClip[]> {
  for (const spec of AD_CLIPS) await ensureClip(ctx, spec);
  return AD_CLIPS.map((s) => ({ mediaKey: s.key, seconds: s.seconds, title: s.title }));
}
