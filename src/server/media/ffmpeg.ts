import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/** The static ffmpeg shipped by npm (a 2018 4.1-dev build: see shared/notes/player.md for what works). */
export const FFMPEG_PATH: string = process.env.FFMPEG_PATH || ffmpegInstaller.path;

export interface RunOptions {
  /** Called with the encoded time in seconds as ffmpeg reports progress. */
  onTime?: (seconds: number) => void;
}

/** Runs ffmpeg; resolves with stderr, rejects with its last lines on a non-zero exit. */
export function runFfmpeg(args: string[], opts: RunOptions = {}): Promise<string> {
  const full = ['-hide_banner', '-nostdin', ...(opts.onTime ? ['-progress', 'pipe:1'] : []), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, full, { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let out = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      // Keep the tail only: a long encode writes megabytes of status lines.
      err = (err + d).slice(-20_000);
    });
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const l of lines) {
        const m = /^out_time_ms=(\d+)/.exec(l);
        if (m && opts.onTime) opts.onTime(Number(m[1]) / 1e6);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(err);
      else reject(new Error(`ffmpeg exited with ${code}: ${err.split('\n').slice(-8).join('\n')}`));
    });
  });
}

export interface ProbedStream {
  index: number;
  language: string;
}
export interface Probe {
  duration: number;
  /** Display size, after the rotation the file asks for. */
  width: number;
  height: number;
  video: ProbedStream | null;
  audio: ProbedStream[];
}

/** Reads duration, size and streams from `ffmpeg -i` (the npm package ships no ffprobe). */
export async function probeMedia(file: string): Promise<Probe> {
  const text = await new Promise<string>((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, ['-hide_banner', '-nostdin', '-i', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    // Exit code 1 ("At least one output file must be specified") is expected.
    child.on('close', () => resolve(err));
  });
  return parseProbe(text);
}

export function parseProbe(text: string): Probe {
  const d = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(text);
  const duration = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : 0;
  let video: ProbedStream | null = null;
  let width = 0;
  let height = 0;
  const audio: ProbedStream[] = [];
  const streamRe = /Stream #0:(\d+)(?:\[0x[0-9a-f]+\])?(?:\((\w+)\))?: (Video|Audio): ([^\n]*)/g;
  for (let m = streamRe.exec(text); m; m = streamRe.exec(text)) {
    const s = { index: Number(m[1]), language: m[2] ?? 'und' };
    if (m[3] === 'Audio') audio.push(s);
    else if (!video && !/attached pic/.test(m[4]!)) {
      const size = /, (\d{2,5})x(\d{2,5})/.exec(m[4]!);
      if (size) {
        video = s;
        width = Number(size[1]);
        height = Number(size[2]);
      }
    }
  }
  const rot = /rotate\s*:\s*(-?\d+)|rotation of (-?[\d.]+) degrees/.exec(text);
  const angle = rot ? Math.abs(Math.round(Number(rot[1] ?? rot[2]))) % 180 : 0;
  if (angle === 90) [width, height] = [height, width];
  return { duration, width, height, video, audio };
}
