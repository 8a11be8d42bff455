import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { Ctx } from '../context.js';
import { probeMedia } from './ffmpeg.js';
import type { MediaCtx } from './files.js';
import { ingestHls, markerText, type SubtitleInput, type VodMedia } from './hls.js';

/** ISO 639-2 tags ffmpeg reports → the BCP 47 tags and names players show. */
const LANGS: Record<string, [string, string]> = {
  chi: ['zh', '中文'],
  zho: ['zh', '中文'],
  zh: ['zh', '中文'],
  eng: ['en', 'English'],
  en: ['en', 'English'],
  jpn: ['ja', '日本語'],
  ja: ['ja', '日本語'],
  kor: ['ko', '한국어'],
  ko: ['ko', '한국어'],
};

export async function fileHash(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(file)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/**
 * WebVTT files next to the video: `clip.zh.vtt`, `clip.en.vtt` (language from the middle part) or
 * `clip.vtt`. Without any, the video gets no subtitle tracks (no empty placeholder tracks).
 */
export async function findSubtitles(videoFile: string): Promise<SubtitleInput[]> {
  const dir = dirname(videoFile);
  const stem = basename(videoFile, extname(videoFile));
  const out: SubtitleInput[] = [];
  for (const f of (await readdir(dir)).sort()) {
    if (!f.startsWith(`${stem}.`) || !f.toLowerCase().endsWith('.vtt')) continue;
    const mid = f.slice(stem.length + 1, -4).toLowerCase();
    const [language, name] = LANGS[mid] ?? (/^[a-z]{2,3}$/.test(mid) ? [mid, mid] : ['und', '字幕']);
    if (out.some((s) => s.language === language)) continue;
    const vtt = await readFile(join(dir, f), 'utf8');
    if (!/^\uFEFF?WEBVTT/.test(vtt)) throw new Error(`${f}: not a WebVTT file`);
    out.push({ language, name, vtt });
  }
  return out;
}

/** Ingests a video file into HLS; the media key is the file's content hash, so a repeat is free. */
export async function ingestVideoFile(
  ctx: MediaCtx,
  file: string,
  onProgress?: (fraction: number) => void,
): Promise<VodMedia> {
  const probe = await probeMedia(file);
  if (!probe.video || !probe.width || !probe.height) throw new Error(`${file}: no video stream found`);
  if (!(probe.duration > 0)) throw new Error(`${file}: unknown duration`);
  const mediaKey = `v-${(await fileHash(file)).slice(0, 24)}`;
  return ingestHls(
    ctx,
    mediaKey,
    {
      inputArgs: ['-i', file],
      videoMap: `0:${probe.video.index}`,
      audio: probe.audio.map((a, i) => {
        const [language, name] = LANGS[a.language] ?? ['und', `音轨 ${i + 1}`];
        return { map: `0:${a.index}`, language, name };
      }),
      subtitles: await findSubtitles(file),
      width: probe.width,
      height: probe.height,
      duration: probe.duration,
    },
    onProgress,
  );
}

export interface VodRowOptions {
  typeId: number;
  /** Coins to buy (vodPointsPlay). */
  price: number;
  name: string;
  content?: string;
  canTry?: boolean;
  /** The video's own trial length; without it the trial follows VOD_TRIAL_SECONDS. */
  trialSeconds?: number;
}

/** Refuses an unknown video type with the list of known ones (checked before a long encode). */
export async function assertVodType(ctx: Ctx, typeId: number): Promise<void> {
  const types = await ctx.catalogue.listVodTypes();
  if (types.some((t) => t.id === typeId)) return;
  const known =
    types.map((t) => `${t.id} ${t.name}`).join(', ') || 'none (start the server once to seed them)';
  throw new Error(`unknown video type ${typeId}; types: ${known}`);
}

/** Adds the catalogue row (and its progress markers) for an ingested video. */
export async function insertVod(ctx: Ctx, media: VodMedia, opts: VodRowOptions): Promise<number> {
  await assertVodType(ctx, opts.typeId);
  return ctx.catalogue.transaction(async (tx) => {
    const id = await tx.createVod({
      typeId: opts.typeId,
      name: opts.name,
      summary: opts.content ?? '',
      posterHash: media.posterHash,
      price: opts.price,
      duration: media.duration,
      mediaKey: media.mediaKey,
      canTry: opts.canTry !== false,
      trialSeconds: opts.trialSeconds ?? null,
    });
    await tx.setMarkers(
      id,
      media.markers.map((m, i) => ({ offset: m.offset, coverHash: m.coverHash, ...markerText(i, m.offset) })),
    );
    return id;
  });
}
