import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_SIZES } from '../../contract/index.js';
import { createRng, mapLimit } from '../demo/rng.js';
import { makeCast } from '../demo/story.js';
import { vodScript } from '../demo/vod-story.js';
import { CHAR_BOX, characterMarkup, type Gesture, type Mood } from '../demo/cast.js';
import { sceneMarkup } from './demo-comic.js';
import { FONT_FILES } from './demo-fonts.js';
import { exists, writeAtomic, type MediaCtx } from './files.js';
import { ingestHls, markerText, readVodMedia, vodDir, type HlsSource, type VodMedia } from './hls.js';
import { imageFile } from './images.js';
import { buildVtt } from './playlists.js';

/**
 * Demo videos for the seed: each its own short animated scene (a title card, two characters walking
 * into a place of the video's type while the camera pans, speech bubbles, an end card), with two
 * different music tracks and zh/en subtitles of the dialogue. Drawn by sharp (background, characters)
 * and animated and encoded by the project's ffmpeg straight into the HLS ingest. The media key is a
 * hash of the recipe, so a repeat start finds meta.json and skips the work.
 */

/** Half as long again as the 40 s trial, so buying a video gives a good part more than the trial. */
export const DEMO_CLIP_SECONDS = 60;
/** A motion-comic pace: 8 frames a second keeps a 60 s scene at about 1.5 s of encoding. */
const FPS = 8;
const W = 640;
const H = 360;
const BG_W = 1040;
/** Bump when the generator changes, so old output is not reused. */
const VERSION = 'scene-v3';
const TITLE_END = 3.5;
const LINE_START = 6;
const LINE_SECONDS = 5;
const END_CARD = 4;
const LINES = Math.floor((DEMO_CLIP_SECONDS - END_CARD - LINE_START) / LINE_SECONDS);
const CHAR_H = 250;

export interface DemoVideoSpec {
  name: string;
  typeIndex: number;
  /** Type name shown on the title card. */
  typeName: string;
  seed: number;
}

export interface DemoVideo {
  mediaKey: string;
  duration: number;
  posterHash: string;
  markers: { offset: number; coverHash: string; title: string; describe: string }[];
}

export const demoMediaKey = (spec: DemoVideoSpec) =>
  `demo-${createHash('sha256')
    .update(JSON.stringify([VERSION, spec]))
    .digest('hex')
    .slice(0, 20)}`;

/** A character as a PNG of CHAR_H px height. */
async function characterPng(spec: DemoVideoSpec, i: number, mood: Mood, gesture: Gesture, mirror: boolean) {
  const member = makeCast(spec.seed)[i]!;
  const s = CHAR_H / CHAR_BOX.height;
  const w = Math.round(CHAR_BOX.width * s);
  const t = mirror ? `translate(${w},0) scale(${-s},${s})` : `scale(${s})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${CHAR_H}"><g transform="${t}">${characterMarkup(member, mood, gesture, spec.seed)}</g></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * A music track: a chord of sines pulsing at `tempo` beats a second. The two tracks of a video use
 * different chords and tempos. Plain sines keep the AAC encoder cheap (an evaluated waveform cost
 * about twice as much).
 */
function music(input: number, chord: number[], tempo: number, d: number): { args: string[]; filter: string } {
  const args = chord.flatMap((f) => ['-f', 'lavfi', '-i', `sine=f=${f.toFixed(1)}:r=22050:d=${d}`]);
  const labels = chord.map((_, i) => `[${input + i}:a]`).join('');
  const filter = `${labels}amix=inputs=${chord.length},volume='0.15+0.85*exp(-5*mod(t*${tempo},1))':eval=frame`;
  return { args, filter };
}

function filterGraph(lines: string[], dir: string): string {
  const d = DEMO_CLIP_SECONDS;
  const speak = (who: number) =>
    lines
      .map((_, i) =>
        i % 2 === who
          ? `between(t,${LINE_START + i * LINE_SECONDS},${LINE_START + i * LINE_SECONDS + 4.2})`
          : '',
      )
      .filter(Boolean)
      .join('+');
  const groundY = H - CHAR_H + 18;
  // A walks in from the left, B from the right; each bobs while talking.
  const ax = `if(lt(t,3),-220,if(lt(t,6),-220+(t-3)/3*330,110))`;
  const bx = `if(lt(t,3.6),${W},if(lt(t,6.6),${W}-(t-3.6)/3*(${W}-340),340))`;
  const ay = `${groundY}-10*abs(sin(t*7))*(${speak(0)})`;
  const by = `${groundY}-10*abs(sin(t*7))*(${speak(1)})`;
  const pan = `(iw-${W})*(0.5-0.5*cos(PI*t/${d}))`;
  const font = (f: string) => `fontfile=${f}`;
  const bubbles = lines
    .map((_, i) => {
      const s = LINE_START + i * LINE_SECONDS;
      const cx = i % 2 === 0 ? 215 : 440;
      return (
        `drawtext=${font(FONT_FILES.sans)}:textfile=${join(dir, `l${i}.txt`)}:fontsize=24:fontcolor=0x111111:` +
        `box=1:boxcolor=white@0.95:boxborderw=12:x='max(10,min(w-tw-10,${cx}-tw/2))':y=36:enable='between(t,${s},${s + 4.2})'`
      );
    })
    .join(',');
  const card = (from: number, to: number, color: string) =>
    `drawbox=x=0:y=0:w=iw:h=ih:color=${color}@1:t=fill:enable='between(t,${from},${to})'`;
  const end = d - END_CARD;
  return [
    `[0:v]format=yuv420p,loop=-1:1:0,fps=${FPS},trim=duration=${d},setpts=N/${FPS}/TB,crop=${W}:${H}:'${pan}':0[bg]`,
    `[1:v]format=yuva420p,loop=-1:1:0[ca]`,
    `[2:v]format=yuva420p,loop=-1:1:0[cb]`,
    `[bg][ca]overlay=x='${ax}':y='${ay}':shortest=1[v1]`,
    `[v1][cb]overlay=x='${bx}':y='${by}':shortest=1,${bubbles},` +
      `${card(0, TITLE_END, '0x1f2a44')},` +
      `drawtext=${font(FONT_FILES.title)}:textfile=${join(dir, 'title.txt')}:fontsize=64:fontcolor=0xffd166:x=(w-tw)/2:y=(h-th)/2-24:enable='lt(t,${TITLE_END})',` +
      `drawtext=${font(FONT_FILES.sans)}:textfile=${join(dir, 'type.txt')}:fontsize=24:fontcolor=white:x=(w-tw)/2:y=h/2+48:enable='lt(t,${TITLE_END})',` +
      `${card(end, d, '0x1f2a44')},` +
      `drawtext=${font(FONT_FILES.title)}:textfile=${join(dir, 'end.txt')}:fontsize=48:fontcolor=white:x=(w-tw)/2:y=(h-th)/2:enable='gte(t,${end})'[scene]`,
  ].join(';');
}

async function clipSource(spec: DemoVideoSpec, dir: string): Promise<HlsSource> {
  const d = DEMO_CLIP_SECONDS;
  const script = vodScript(spec.name, spec.typeIndex, spec.seed, LINES);
  const rng = createRng(spec.seed * 131 + 9);
  const moods: Mood[] = ['happy', 'laugh', 'surprised', 'thinking'];
  const [bg, a, b] = await Promise.all([
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${BG_W}" height="${H}">${sceneMarkup(script.scene, BG_W, H, spec.seed)}</svg>`,
      ),
    )
      .png({ compressionLevel: 1 })
      .toBuffer(),
    characterPng(spec, 0, rng.pick(moods), rng.pick(['point', 'cheer', 'stand'] as Gesture[]), false),
    characterPng(spec, 1, rng.pick(moods), rng.pick(['hold', 'think', 'hips'] as Gesture[]), true),
  ]);
  await Promise.all([
    writeFile(join(dir, 'bg.png'), bg),
    writeFile(join(dir, 'a.png'), a),
    writeFile(join(dir, 'b.png'), b),
    writeFile(join(dir, 'title.txt'), spec.name),
    writeFile(join(dir, 'type.txt'), spec.typeName),
    writeFile(join(dir, 'end.txt'), rng.pick(['未完待续', '下集更精彩', '感谢观看'])),
    ...script.lines.map((l, i) => writeFile(join(dir, `l${i}.txt`), l[0])),
  ]);
  const cue = (lang: 0 | 1) =>
    script.lines.map((l, i) => ({
      start: LINE_START + i * LINE_SECONDS,
      end: LINE_START + i * LINE_SECONDS + 4.2,
      text: l[lang],
    }));
  const f0 = rng.pick([196, 220, 247, 262, 294]);
  const semis = (s: number) => f0 * 2 ** (s / 12);
  // Track 1: a major chord on a slow beat; track 2: a minor seventh a fifth higher on a quicker one.
  const zh = music(3, [0, 4, 7].map(semis), 1.5, d);
  const en = music(6, [7, 10, 14, 17].map(semis), 2.5, d);
  return {
    inputArgs: [
      ...['-i', join(dir, 'bg.png'), '-i', join(dir, 'a.png'), '-i', join(dir, 'b.png')],
      ...zh.args,
      ...en.args,
    ],
    videoFilter: `${filterGraph(
      script.lines.map((l) => l[0]),
      dir,
    )};${zh.filter}[mzh];${en.filter}[men]`,
    videoMap: 'scene',
    audio: [
      { map: '[mzh]', language: 'zh', name: '国语' },
      { map: '[men]', language: 'en', name: 'English' },
    ],
    audioFormat: { channels: 1, rate: 22050, kbps: 48 },
    subtitles: [
      { language: 'zh', name: '中文', vtt: buildVtt(cue(0)) },
      { language: 'en', name: 'English', vtt: buildVtt(cue(1)) },
    ],
    width: W,
    height: H,
    duration: d,
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

async function encodeClip(ctx: MediaCtx, key: string, spec: DemoVideoSpec): Promise<VodMedia> {
  const done = await readVodMedia(ctx, key);
  if (done) return done;
  const dir = join(tmpdir(), `inkreel-scene-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    return await ingestHls(ctx, key, await clipSource(spec, dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function ensureClip(ctx: MediaCtx, spec: DemoVideoSpec): Promise<VodMedia> {
  const key = demoMediaKey(spec);
  const done = await readVodMedia(ctx, key);
  if (done) return done;
  const cache = cacheCtx(ctx);
  if (!cache) return encodeClip(ctx, key, spec);
  const media = await encodeClip(cache, key, spec);
  await copyClip(cache, ctx, media);
  return media;
}

/** One video per spec, each its own media; two encode at a time (one per core). */
export async function ensureDemoVideos(ctx: MediaCtx, specs: DemoVideoSpec[]): Promise<DemoVideo[]> {
  const clips = await mapLimit(specs, 2, (s) => ensureClip(ctx, s));
  return clips.map((m) => ({
    mediaKey: m.mediaKey,
    duration: m.duration,
    posterHash: m.posterHash,
    markers: m.markers.map((k, j) => ({
      offset: k.offset,
      coverHash: k.coverHash,
      ...markerText(j, k.offset),
    })),
  }));
}
