import { runFfmpeg } from '../../../src/server/media/ffmpeg.js';

/** A test video file: a moving test pattern and two audio tracks (zh 440 Hz, en at `secondTone`). */
export function makeTestClip(
  path: string,
  opts: { seconds: number; size: string; secondTone?: number },
): Promise<string> {
  const { seconds, size, secondTone = 880 } = opts;
  return runFfmpeg([
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${secondTone}:duration=${seconds}`],
    ...[
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-map',
      '2:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
    ],
    ...['-metadata:s:a:0', 'language=chi', '-metadata:s:a:1', 'language=eng', path],
  ]);
}
