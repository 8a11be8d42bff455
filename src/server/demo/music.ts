import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '../media/ffmpeg.js';
import { fileExists } from '../media/files.js';

/**
 * The demo videos' music: a chord of sines pulsing `tempo` beats a second. Encoding AAC cost about a
 * third of a demo clip's encode, and many videos share a chord and tempo, so each bed is encoded once
 * per machine into a local cache and copied into the videos' HLS audio (media/hls.ts audioFormat.copy).
 * Beds come in a few lengths; a video takes the shortest that covers it and is cut at its own length.
 */

export interface Music {
  /** Frequencies in Hz. */
  chord: number[];
  /** Beats a second. */
  tempo: number;
}

/** Mono 22 kHz is plenty for generated music. */
export const MUSIC_FORMAT = { channels: 1, rate: 22050, kbps: 48 } as const;
/** Bed lengths in seconds: a minute for the videos of the first start (quick to make), three for the rest. */
const BED_SECONDS = [60, 180];
/** Bump when the music changes, so old beds are not reused. */
const VERSION = 'music-v1';

/** The length of the bed a video of `seconds` uses. */
export const bedSeconds = (seconds: number) => BED_SECONDS.find((s) => s >= seconds) ?? Math.ceil(seconds);

const cacheDir = () => join(tmpdir(), 'inkreel-demo-music');

/** Beds being made in this process, by file. */
const making = new Map<string, Promise<string>>();

/** The local AAC (ADTS) file of this music, at least `seconds` long: made on first use. */
export function musicFile(music: Music, seconds: number): Promise<string> {
  const length = bedSeconds(seconds);
  const name = createHash('sha256')
    .update(JSON.stringify([VERSION, music, length, MUSIC_FORMAT]))
    .digest('hex')
    .slice(0, 20);
  const file = join(cacheDir(), `${name}.aac`);
  const running = making.get(file);
  if (running) return running;
  const made = (async () => {
    if (!(await fileExists(file))) await makeBed(music, length, file);
    return file;
  })().finally(() => making.delete(file));
  making.set(file, made);
  return made;
}

async function makeBed(music: Music, seconds: number, file: string): Promise<void> {
  await mkdir(cacheDir(), { recursive: true });
  // Written beside its name and renamed: another process never reads half a bed.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const { chord, tempo } = music;
  const inputs = chord.flatMap((f) => [
    '-f',
    'lavfi',
    '-i',
    `sine=f=${f.toFixed(1)}:r=${MUSIC_FORMAT.rate}:d=${seconds}`,
  ]);
  const labels = chord.map((_, i) => `[${i}:a]`).join('');
  try {
    await runFfmpeg([
      ...['-y', '-loglevel', 'error', ...inputs],
      '-filter_complex',
      `${labels}amix=inputs=${chord.length},volume='0.15+0.85*exp(-5*mod(t*${tempo},1))':eval=frame[m]`,
      ...['-map', '[m]', '-c:a', 'aac', '-b:a', `${MUSIC_FORMAT.kbps}k`],
      ...['-ac', String(MUSIC_FORMAT.channels), '-ar', String(MUSIC_FORMAT.rate), '-f', 'adts', tmp],
    ]);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
