/** Reading and writing HLS playlists by hand (the 2018 ffmpeg cannot write a master with audio groups). */

export interface Segment {
  duration: number;
  uri: string;
}

export function parseMediaPlaylist(text: string): Segment[] {
  const out: Segment[] = [];
  let pending: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) pending = Number(inf[1]);
    else if (line && !line.startsWith('#') && pending !== null) {
      out.push({ duration: pending, uri: line });
      pending = null;
    }
  }
  return out;
}

export const totalDuration = (segs: Segment[]) => segs.reduce((s, x) => s + x.duration, 0);

/** The segments a trial of `limit` seconds may play: every one that starts before the limit. */
export function trialSegments(segs: Segment[], limit: number): Segment[] {
  const out: Segment[] = [];
  let start = 0;
  for (const s of segs) {
    if (start >= limit - 1e-3) break;
    out.push(s);
    start += s.duration;
  }
  return out;
}

export function writeMediaPlaylist(segs: Segment[]): string {
  const target = Math.max(1, ...segs.map((s) => Math.ceil(s.duration - 1e-3)));
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    ...segs.flatMap((s) => [`#EXTINF:${s.duration.toFixed(6)},`, s.uri]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

export interface Rendition {
  dir: string;
  width: number;
  height: number;
  /** Peak bits per second of the video segments plus the audio track. */
  bandwidth: number;
  averageBandwidth: number;
}
export interface Track {
  dir: string;
  language: string;
  name: string;
  default: boolean;
  /** Channel count (2 when left out). */
  channels?: number;
}
export interface SubtitleTrack {
  language: string;
  name: string;
  default: boolean;
}

const q = (s: string) => `"${s.replace(/["\n\r]/g, '')}"`;
// Constrained Baseline (what -profile:v baseline writes) + AAC-LC: lets players check support up front.
const CODECS_AV = 'avc1.42c01f,mp4a.40.2';
const CODECS_V = 'avc1.42c01f';

export function writeMasterPlaylist(renditions: Rendition[], audio: Track[], subs: SubtitleTrack[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:4', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const a of audio) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE=${q(a.language)},NAME=${q(a.name)},` +
        `DEFAULT=${a.default ? 'YES' : 'NO'},AUTOSELECT=YES,CHANNELS="${a.channels ?? 2}",URI=${q(`${a.dir}/index.m3u8`)}`,
    );
  }
  for (const s of subs) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE=${q(s.language)},NAME=${q(s.name)},` +
        `DEFAULT=${s.default ? 'YES' : 'NO'},AUTOSELECT=YES,FORCED=NO,URI=${q(`subs/${s.language}.m3u8`)}`,
    );
  }
  for (const r of renditions) {
    const attrs = [
      `BANDWIDTH=${r.bandwidth}`,
      `AVERAGE-BANDWIDTH=${r.averageBandwidth}`,
      `RESOLUTION=${r.width}x${r.height}`,
      `CODECS=${q(audio.length ? CODECS_AV : CODECS_V)}`,
      ...(audio.length ? ['AUDIO="aud"'] : []),
      ...(subs.length ? ['SUBTITLES="subs"'] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${r.dir}/index.m3u8`);
  }
  lines.push('');
  return lines.join('\n');
}

/** A WebVTT file served as a one-segment subtitle playlist (hls.js accepts this). */
export const subtitlePlaylist = (language: string, duration: number) =>
  writeMediaPlaylist([{ duration, uri: `${language}.vtt` }]);

/**
 * Adds the timestamp map hls.js uses to line cues up with MPEG-TS time. Our segments start at PTS 0
 * (-muxdelay 0), so local 0 is MPEG-TS 0.
 */
export function withTimestampMap(vtt: string): string {
  const text = vtt.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.startsWith('WEBVTT')) throw new Error('not a WebVTT file');
  if (/X-TIMESTAMP-MAP=/.test(text.split('\n\n')[0]!)) return text;
  const nl = text.indexOf('\n');
  const head = nl < 0 ? text : text.slice(0, nl);
  const rest = nl < 0 ? '\n' : text.slice(nl);
  return `${head}\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000${rest}`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export const vttTime = (s: number) => {
  const ms = Math.round(s * 1000);
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

export function buildVtt(cues: { start: number; end: number; text: string }[]): string {
  return withTimestampMap(
    ['WEBVTT', '', ...cues.flatMap((c) => [`${vttTime(c.start)} --> ${vttTime(c.end)}`, c.text, ''])].join(
      '\n',
    ),
  );
}
