import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_SIZES } from '../../contract/index.js';
import { createRng, mapLimit } from './rng.js';
import { makeCast } from './story.js';
import { END_CARD_SECONDS, lineStyleOf, lineTimes, vodScript } from './vod-story.js';
import { captionPlan } from './captions.js';
import { MUSIC_FORMAT, musicFile, type Music } from './music.js';
import { CHAR_BOX, characterMarkup, type Gesture, type Mood } from './cast.js';
import { sceneMarkup } from './comic.js';
import { FONT_FILES } from './fonts.js';
import { writeFileAtomic, type MediaCtx } from '../media/files.js';
import { ingestHls, markerText, readVodMedia, type HlsSource, type VodMedia } from '../media/hls.js';
import { imageKeyOf, vodKey } from '../media/keys.js';
import { buildVtt } from '../media/playlists.js';

/**
 * Demo videos for the seed: each its own short animated scene (a title card, two characters walking
 * into a place of the video's type while the camera pans, its lines, an end card), with two different
 * music tracks. A scene tells its lines in Chinese speech bubbles with English subtitles, or by a
 * narrator with Chinese and English subtitles, never the same words twice (captions.ts). Drawn by sharp
 * (background, characters) and animated and encoded by the project's ffmpeg straight into the HLS
 * ingest. The media key is a hash of the recipe, so a repeat start finds meta.json and skips the work.
 */

/**
 * A motion-comic pace (the camera pans a few px a frame; the characters step in). x264's work, most of
 * a clip's cost, goes with the frame count: at 4 frames a second the demo's 73 minutes of video take
 * about three CPU-minutes (measured on the 2-core machine, music copied: music.ts), a little more than
 * its former 30 minutes at 8.
 */
const FPS = 4;
const W = 640;
const H = 360;
const BG_W = 1040;
/** Bump when the generator changes, so old output is not reused. */
const VERSION = 'scene-v5';
const TITLE_END = 3.5;
const CHAR_H = 250;
const META = 'meta.json';

export interface DemoVideoSpec {
  name: string;
  typeIndex: number;
  /** Type name shown on the title card. */
  typeName: string;
  seed: number;
  /** Length in seconds. */
  seconds: number;
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

interface Shown {
  start: number;
  end: number;
}

/**
 * The scene: `times` are when its lines show; `bubbles` names the files of the lines burnt in as
 * speech bubbles (none for a narrated scene, whose characters stand and listen).
 */
function filterGraph(d: number, times: Shown[], bubbles: boolean, dir: string): string {
  const speak = (who: number) =>
    times
      .map((l, i) => (i % 2 === who ? `between(t,${l.start},${l.end})` : ''))
      .filter(Boolean)
      .join('+') || '0';
  const groundY = H - CHAR_H + 18;
  // A walks in from the left, B from the right; each bobs while talking.
  const ax = `if(lt(t,3),-220,if(lt(t,6),-220+(t-3)/3*330,110))`;
  const bx = `if(lt(t,3.6),${W},if(lt(t,6.6),${W}-(t-3.6)/3*(${W}-340),340))`;
  const ay = bubbles ? `${groundY}-10*abs(sin(t*7))*(${speak(0)})` : String(groundY);
  const by = bubbles ? `${groundY}-10*abs(sin(t*7))*(${speak(1)})` : String(groundY);
  const pan = `(iw-${W})*(0.5-0.5*cos(PI*t/${d}))`;
  const font = (f: string) => `fontfile=${f}`;
  const speech = bubbles
    ? times.map((l, i) => {
        const cx = i % 2 === 0 ? 215 : 440;
        return (
          `drawtext=${font(FONT_FILES.sans)}:textfile=${join(dir, `l${i}.txt`)}:fontsize=24:fontcolor=0x111111:` +
          `box=1:boxcolor=white@0.95:boxborderw=12:x='max(10,min(w-tw-10,${cx}-tw/2))':y=36:enable='between(t,${l.start},${l.end})'`
        );
      })
    : [];
  const card = (from: number, to: number, color: string) =>
    `drawbox=x=0:y=0:w=iw:h=ih:color=${color}@1:t=fill:enable='between(t,${from},${to})'`;
  const end = d - END_CARD_SECONDS;
  return [
    `[0:v]format=yuv420p,loop=-1:1:0,fps=${FPS},trim=duration=${d},setpts=N/${FPS}/TB,crop=${W}:${H}:'${pan}':0[bg]`,
    `[1:v]format=yuva420p,loop=-1:1:0[ca]`,
    `[2:v]format=yuva420p,loop=-1:1:0[cb]`,
    `[bg][ca]overlay=x='${ax}':y='${ay}':shortest=1[v1]`,
    `[v1][cb]overlay=x='${bx}':y='${by}':shortest=1,` +
      [
        ...speech,
        card(0, TITLE_END, '0x1f2a44'),
        `drawtext=${font(FONT_FILES.title)}:textfile=${join(dir, 'title.txt')}:fontsize=64:fontcolor=0xffd166:x=(w-tw)/2:y=(h-th)/2-24:enable='lt(t,${TITLE_END})'`,
        `drawtext=${font(FONT_FILES.sans)}:textfile=${join(dir, 'type.txt')}:fontsize=24:fontcolor=white:x=(w-tw)/2:y=h/2+48:enable='lt(t,${TITLE_END})'`,
        card(end, d, '0x1f2a44'),
        `drawtext=${font(FONT_FILES.title)}:textfile=${join(dir, 'end.txt')}:fontsize=48:fontcolor=white:x=(w-tw)/2:y=(h-th)/2:enable='gte(t,${end})'[scene]`,
      ].join(','),
  ].join(';');
}

async function clipSource(spec: DemoVideoSpec, dir: string): Promise<HlsSource> {
  const d = spec.seconds;
  const script = vodScript(spec.name, spec.typeIndex, spec.seed);
  const times = lineTimes(d, script.lines.length);
  const lines = script.lines.slice(0, times.length);
  const captions = captionPlan(lineStyleOf(spec.typeIndex));
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
  const bubbles = captions.burned === 'zh';
  await Promise.all([
    writeFile(join(dir, 'bg.png'), bg),
    writeFile(join(dir, 'a.png'), a),
    writeFile(join(dir, 'b.png'), b),
    writeFile(join(dir, 'title.txt'), spec.name),
    writeFile(join(dir, 'type.txt'), spec.typeName),
    writeFile(join(dir, 'end.txt'), rng.pick(['未完待续', '下集更精彩', '感谢观看'])),
    ...(bubbles ? lines.map((l, i) => writeFile(join(dir, `l${i}.txt`), l[0])) : []),
  ]);
  const f0 = rng.pick([196, 220, 247, 262, 294]);
  const semis = (s: number) => f0 * 2 ** (s / 12);
  // Track 1: a major chord on a slow beat; track 2: a minor seventh a fifth higher on a quicker one.
  const tracks: Music[] = [
    { chord: [0, 4, 7].map(semis), tempo: 1.5 },
    { chord: [7, 10, 14, 17].map(semis), tempo: 2.5 },
  ];
  const beds = await Promise.all(tracks.map((m) => musicFile(m, d)));
  return {
    inputArgs: [
      ...['-i', join(dir, 'bg.png'), '-i', join(dir, 'a.png'), '-i', join(dir, 'b.png')],
      ...beds.flatMap((f) => ['-i', f]),
    ],
    videoFilter: filterGraph(d, times, bubbles, dir),
    videoMap: 'scene',
    audio: [
      { map: '3:a', language: 'zh', name: '国语' },
      { map: '4:a', language: 'en', name: 'English' },
    ],
    audioFormat: { ...MUSIC_FORMAT, copy: true },
    subtitles: captions.subtitles.map((s) => ({
      language: s.language,
      name: s.name,
      default: s.default,
      vtt: buildVtt(times.map((t, i) => ({ ...t, text: lines[i]![s.language === 'zh' ? 0 : 1] }))),
    })),
    width: W,
    height: H,
    duration: d,
    preset: 'ultrafast',
  };
}

/**
 * Under vitest (or with DEMO_MEDIA_CACHE set) clips are encoded once per machine into a shared local
 * folder (the store's key layout, as plain files) and copied into each test app's store: many test apps
 * seed the demo catalogue on two shared cores. The folder is keyed by the image key, since the poster
 * and marker images are encrypted with it.
 */
export function demoCacheDir(ctx: MediaCtx): string | null {
  const root =
    process.env.DEMO_MEDIA_CACHE || (process.env.VITEST ? join(tmpdir(), 'inkreel-demo-media') : '');
  if (!root) return null;
  const fp = createHash('sha256').update(ctx.config.imageKey).digest('hex').slice(0, 12);
  return join(root, fp);
}

const localPath = (dir: string, key: string) => join(dir, ...key.split('/'));
const clipImageKeys = (media: VodMedia) =>
  [media.posterHash, ...media.markers.map((m) => m.coverHash)].flatMap((h) =>
    IMAGE_SIZES.map((size) => imageKeyOf(h, size)),
  );

async function readCachedClip(dir: string, key: string): Promise<VodMedia | null> {
  try {
    return JSON.parse(await readFile(localPath(dir, vodKey(key, META)), 'utf8')) as VodMedia;
  } catch {
    return null;
  }
}

/** Copies a clip's output from the store into the cache folder; meta.json last marks it whole. */
async function saveCachedClip(ctx: MediaCtx, dir: string, media: VodMedia): Promise<void> {
  const save = async (key: string) => {
    const got = await ctx.media.read(key);
    if (!got) throw new Error(`${key}: missing from the store just after it was made`);
    await writeFileAtomic(localPath(dir, key), got.body);
  };
  for (const key of clipImageKeys(media)) await save(key);
  const meta = vodKey(media.mediaKey, META);
  for await (const key of ctx.media.list(vodKey(media.mediaKey))) if (key !== meta) await save(key);
  await save(meta);
}

/** Copies a cached clip into the store; meta.json last, as ingestHls stores it. */
async function loadCachedClip(ctx: MediaCtx, dir: string, media: VodMedia): Promise<void> {
  const load = (key: string) => ctx.media.write(key, createReadStream(localPath(dir, key)));
  for (const key of clipImageKeys(media)) if (!(await ctx.media.exists(key))) await load(key);
  const prefix = vodKey(media.mediaKey);
  const walk = async (rel: string): Promise<void> => {
    for (const e of await readdir(localPath(dir, `${prefix}${rel}`), { withFileTypes: true })) {
      if (e.isDirectory()) await walk(`${rel}${e.name}/`);
      else if (e.isFile() && !e.name.startsWith('.') && `${rel}${e.name}` !== META)
        await load(`${prefix}${rel}${e.name}`);
    }
  };
  await walk('');
  await load(`${prefix}${META}`);
}

async function encodeClip(ctx: MediaCtx, key: string, spec: DemoVideoSpec): Promise<VodMedia> {
  const dir = join(tmpdir(), `inkreel-scene-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    return await ingestHls(ctx, key, await clipSource(spec, dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Cache fills running in this process: test apps seeding at once encode each clip once. */
const filling = new Map<string, Promise<VodMedia>>();

async function ensureClip(ctx: MediaCtx, spec: DemoVideoSpec): Promise<VodMedia> {
  const key = demoMediaKey(spec);
  const done = await readVodMedia(ctx, key);
  if (done) return done;
  const cache = demoCacheDir(ctx);
  if (!cache) return encodeClip(ctx, key, spec);
  const cached = (await readCachedClip(cache, key)) ?? (await filling.get(`${cache}/${key}`));
  if (cached) {
    await loadCachedClip(ctx, cache, cached);
    return cached;
  }
  const fill = (async () => {
    const media = await encodeClip(ctx, key, spec);
    await saveCachedClip(ctx, cache, media);
    return media;
  })().finally(() => filling.delete(`${cache}/${key}`));
  filling.set(`${cache}/${key}`, fill);
  return fill;
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
