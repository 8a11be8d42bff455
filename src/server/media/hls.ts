import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { MediaStore } from '../ports/media-store.js';
import { runFfmpeg } from './ffmpeg.js';
import { fileExists, type MediaCtx } from './files.js';
import { storeImage } from './images.js';
import { MEDIA_KEY_PATTERN, vodKey } from './keys.js';
import {
  parseMediaPlaylist,
  subtitlePlaylist,
  totalDuration,
  vttTime,
  withTimestampMap,
  writeMasterPlaylist,
  writeMediaPlaylist,
  type Rendition,
  type SubtitleTrack,
  type Track,
} from './playlists.js';

/**
 * HLS ingest with the npm-shipped 2018 ffmpeg: one ffmpeg process decodes the source once and feeds
 * one HLS muxer per video rendition and per audio track (its -var_stream_map cannot do audio groups);
 * we write the master and subtitle playlists ourselves. Trials are cut from this output when served
 * (services/catalogue/trial.ts), so a changed trial length needs no new encode.
 *
 * ffmpeg writes into a local scratch folder; the finished output is then stored under vod/{key}/ in
 * the media store (media/keys.ts): master.m3u8, v{h}/index.m3u8 + seg_NNN.ts, a{n}/index.m3u8 +
 * seg_NNN.ts, subs/{lang}.vtt + .m3u8, and meta.json last, whose presence marks the output finished.
 */

export const HLS_SEGMENT_SECONDS = 2;
export const MARKER_COUNT = 4;

export interface AudioInput {
  /** ffmpeg -map specifier, e.g. '1:a' or '0:2'. */
  map: string;
  language: string;
  name: string;
}
export interface SubtitleInput {
  language: string;
  name: string;
  /** WebVTT text. */
  vtt: string;
  /** Shown when the video starts; by default the first track is. */
  default?: boolean;
}
export interface HlsSource {
  /** ffmpeg input arguments (one or more -i). */
  inputArgs: string[];
  videoMap: string;
  audio: AudioInput[];
  subtitles: SubtitleInput[];
  /** Display size of the source. */
  width: number;
  height: number;
  duration: number;
  /**
   * A filter graph run before the renditions are cut, ending in the label `videoMap` names (generated
   * scenes: see demo/clips.ts).
   */
  videoFilter?: string;
  /** Text burnt into the top-left corner with the running time (demo clips). */
  label?: string;
  /**
   * Audio encoding; stereo 44.1 kHz at 64 kb/s by default (generated music is fine mono at 22 kHz).
   * `copy`: the audio inputs are AAC in this format already (demo music made once for many videos):
   * copied as they are, cut at `duration`.
   */
  audioFormat?: { channels: number; rate: number; kbps: number; copy?: boolean };
  /** x264 preset: 'veryfast' (default) for real content, 'ultrafast' for test patterns. */
  preset?: 'ultrafast' | 'superfast' | 'veryfast';
}
export interface VodMedia {
  mediaKey: string;
  duration: number;
  posterHash: string;
  markers: { offset: number; coverHash: string }[];
  renditions: Rendition[];
  audio: Track[];
  subtitles: SubtitleTrack[];
}

const LADDER = [240, 360, 720, 1080];
const LABEL_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** Renditions by the short side (short videos are often portrait): up to three, at least two. */
export function pickLadder(width: number, height: number): { width: number; height: number }[] {
  const short = Math.min(width, height);
  let rungs = LADDER.filter((r) => r <= short).slice(0, 3);
  if (rungs.length < 2) rungs = [...new Set([even((short * 2) / 3), even(short)])];
  return rungs.map((r) =>
    height <= width
      ? { width: even((width * r) / height), height: r }
      : { width: r, height: even((height * r) / width) },
  );
}

/** The words shown on a progress marker's hover card. */
export const markerText = (index: number, offset: number) => ({
  title: `精彩看点 ${index + 1}`,
  describe: `从 ${vttTime(offset).slice(3, 8)} 开始`,
});

/** Ingests running in this process, per store and media key. */
const inFlight = new WeakMap<MediaStore, Map<string, Promise<VodMedia>>>();

const META = 'meta.json';

export async function readVodMedia(ctx: MediaCtx, mediaKey: string): Promise<VodMedia | null> {
  if (!MEDIA_KEY_PATTERN.test(mediaKey)) return null;
  const meta = await ctx.media.readAll(vodKey(mediaKey, META));
  if (!meta) return null;
  try {
    return JSON.parse(meta.toString('utf8')) as VodMedia;
  } catch {
    return null;
  }
}

/** Ingests once per key: a finished output (meta.json present) is reused, concurrent calls share one run. */
export function ingestHls(
  ctx: MediaCtx,
  mediaKey: string,
  source: HlsSource,
  onProgress?: (fraction: number) => void,
): Promise<VodMedia> {
  if (!MEDIA_KEY_PATTERN.test(mediaKey)) return Promise.reject(new Error(`bad media key: ${mediaKey}`));
  let jobs = inFlight.get(ctx.media);
  if (!jobs) inFlight.set(ctx.media, (jobs = new Map()));
  const running = jobs.get(mediaKey);
  if (running) return running;
  const job = (async () => {
    const done = await readVodMedia(ctx, mediaKey);
    if (done) return done;
    return encode(ctx, mediaKey, source, onProgress);
  })().finally(() => jobs.delete(mediaKey));
  jobs.set(mediaKey, job);
  return job;
}

async function encode(
  ctx: MediaCtx,
  mediaKey: string,
  src: HlsSource,
  onProgress?: (fraction: number) => void,
): Promise<VodMedia> {
  const work = await mkdtemp(join(tmpdir(), `inkreel-hls-${mediaKey}-`));
  await mkdir(join(work, 'th'));
  try {
    const ladder = pickLadder(src.width, src.height);
    const videoDirs = ladder.map((r) => `v${Math.min(r.width, r.height)}`);
    const audioDirs = src.audio.map((_, i) => `a${i}`);
    for (const d of [...videoDirs, ...audioDirs]) await mkdir(join(work, d));

    const thumbEvery = Math.max(1, src.duration / (MARKER_COUNT + 1));
    const label =
      src.label && (await fileExists(LABEL_FONT))
        ? `drawtext=fontfile=${LABEL_FONT}:text='${src.label.replace(/[^A-Za-z0-9 ]/g, '')}  %{pts\\:hms}':` +
          'x=12:y=12:fontsize=h/14:fontcolor=white:box=1:boxcolor=black@0.5,'
        : '';
    const graph =
      (src.videoFilter ? `${src.videoFilter};` : '') +
      `[${src.videoMap}]${label}split=${ladder.length + 1}${ladder.map((_, i) => `[s${i}]`).join('')}[sth];` +
      ladder.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1[o${i}];`).join('') +
      `[sth]fps=${(1 / thumbEvery).toFixed(6)},scale='min(640,iw)':-2[th]`;
    const hls = (dir: string) => [
      ...['-f', 'hls', '-hls_time', String(HLS_SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
      ...['-hls_list_size', '0', '-muxdelay', '0', '-muxpreload', '0'],
      ...['-hls_segment_filename', join(work, dir, 'seg_%03d.ts'), join(work, dir, 'index.m3u8')],
    ];
    const args = ['-y', '-loglevel', 'error', ...src.inputArgs, '-filter_complex', graph];
    ladder.forEach((r, i) => {
      const kbps = Math.round((r.width * r.height * 25 * 0.1) / 1000);
      args.push(
        ...[
          '-map',
          `[o${i}]`,
          '-an',
          '-c:v',
          'libx264',
          '-preset',
          src.preset ?? 'veryfast',
          '-profile:v',
          'baseline',
        ],
        ...['-crf', '26', '-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`, '-pix_fmt', 'yuv420p'],
        // A key frame every 2 s, so every segment starts on one and all renditions cut at the same times.
        ...['-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`, '-sc_threshold', '0'],
        ...hls(videoDirs[i]!),
      );
    });
    const audioCodec = src.audioFormat?.copy
      ? ['-c:a', 'copy', '-t', String(src.duration)]
      : [
          ...['-c:a', 'aac', '-b:a', `${src.audioFormat?.kbps ?? 64}k`],
          ...['-ac', String(src.audioFormat?.channels ?? 2), '-ar', String(src.audioFormat?.rate ?? 44100)],
        ];
    src.audio.forEach((a, i) => {
      args.push('-map', a.map, '-vn', ...audioCodec, ...hls(audioDirs[i]!));
    });
    args.push('-map', '[th]', '-q:v', '4', join(work, 'th', 't_%02d.jpg'));
    await runFfmpeg(args, {
      onTime: onProgress && ((t) => onProgress(Math.min(1, t / (src.duration || 1)))),
    });

    const renditions: Rendition[] = [];
    const audioBw = await Promise.all(audioDirs.map((d) => finishMediaPlaylist(work, d)));
    const audioPeak = Math.max(0, ...audioBw.map((b) => b.peak));
    const audioAvg = Math.max(0, ...audioBw.map((b) => b.average));
    let duration = 0;
    for (const [i, d] of videoDirs.entries()) {
      const bw = await finishMediaPlaylist(work, d);
      if (i === 0) duration = bw.duration;
      renditions.push({
        dir: d,
        width: ladder[i]!.width,
        height: ladder[i]!.height,
        bandwidth: Math.ceil(bw.peak + audioPeak),
        averageBandwidth: Math.ceil(bw.average + audioAvg),
      });
    }
    const audio: Track[] = src.audio.map((a, i) => ({
      dir: audioDirs[i]!,
      language: a.language,
      name: a.name,
      default: i === 0,
      ...(src.audioFormat && src.audioFormat.channels !== 2 ? { channels: src.audioFormat.channels } : {}),
    }));
    const subtitles: SubtitleTrack[] = src.subtitles.map((s, i) => ({
      language: s.language,
      name: s.name,
      default: s.default ?? i === 0,
    }));
    await mkdir(join(work, 'subs'));
    for (const s of src.subtitles) {
      await writeFile(join(work, 'subs', `${s.language}.vtt`), withTimestampMap(s.vtt));
      await writeFile(join(work, 'subs', `${s.language}.m3u8`), subtitlePlaylist(s.language, duration));
    }
    await writeFile(join(work, 'master.m3u8'), writeMasterPlaylist(renditions, audio, subtitles));

    const thumbs = (await readdir(join(work, 'th'))).filter((f) => f.endsWith('.jpg')).sort();
    const hashes: string[] = [];
    for (const t of thumbs) hashes.push(await storeImage(ctx, await readFile(join(work, 'th', t))));
    if (hashes.length === 0) throw new Error('ffmpeg wrote no poster frame');
    const markers = hashes
      .slice(1, MARKER_COUNT + 1)
      .map((coverHash, i) => ({ offset: Math.round((i + 1) * thumbEvery), coverHash }))
      .filter((m) => m.offset < duration);
    await rm(join(work, 'th'), { recursive: true, force: true });

    const media: VodMedia = {
      mediaKey,
      duration: Math.round(duration * 1000) / 1000,
      posterHash: hashes[Math.min(1, hashes.length - 1)]!,
      markers,
      renditions,
      audio,
      subtitles,
    };
    // Another process may have finished the same key meanwhile: keep its output.
    const other = await readVodMedia(ctx, mediaKey);
    if (other) return other;
    await publish(ctx.media, work, vodKey(mediaKey));
    await ctx.media.write(vodKey(mediaKey, META), JSON.stringify(media, null, 1));
    return media;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Stores every file of the scratch folder `work` under `prefix`, streamed (segments can be large):
 * segments and subtitles first, then the playlists that list them, the master last, so a player that
 * finds a playlist finds everything it names.
 */
async function publish(media: MediaStore, work: string, prefix: string): Promise<void> {
  const files = (await readdir(work, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => relative(work, join(e.parentPath, e.name)).split(sep).join('/'));
  const rank = (rel: string) => (rel === 'master.m3u8' ? 2 : rel.endsWith('.m3u8') ? 1 : 0);
  files.sort((a, b) => rank(a) - rank(b));
  for (const rel of files) await media.write(`${prefix}${rel}`, createReadStream(join(work, rel)));
}

/** Rewrites a media playlist in our form and measures its bit rates. */
async function finishMediaPlaylist(work: string, dir: string) {
  const segs = parseMediaPlaylist(await readFile(join(work, dir, 'index.m3u8'), 'utf8'));
  if (segs.length === 0) throw new Error(`ffmpeg wrote no segments for ${dir}`);
  await writeFile(join(work, dir, 'index.m3u8'), writeMediaPlaylist(segs));
  let bytes = 0;
  let peak = 0;
  for (const s of segs) {
    const size = (await stat(join(work, dir, s.uri))).size;
    bytes += size;
    if (s.duration > 0.5) peak = Math.max(peak, (size * 8) / s.duration);
  }
  const duration = totalDuration(segs);
  return { duration, peak: Math.max(peak, (bytes * 8) / duration), average: (bytes * 8) / duration };
}
