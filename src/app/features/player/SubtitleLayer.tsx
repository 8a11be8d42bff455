import { useEffect, useState } from 'react';

/**
 * Subtitle cues drawn by us (plyr's caption rendering does not follow hls.js track switches).
 * hls.js keeps the chosen track 'hidden' (cues load, nothing native is drawn); we show its active
 * cues as plain text.
 */
export function SubtitleLayer({
  video,
  label,
  lifted = false,
}: {
  video: HTMLVideoElement;
  label: string | null;
  /** Moved up while a prompt sits at the bottom of the player. */
  lifted?: boolean;
}) {
  const [lines, setLines] = useState<string[]>([]);

  useEffect(() => {
    if (!label) return;
    let bound: TextTrack | null = null;
    const render = () => {
      const cues = bound?.activeCues ? [...bound.activeCues] : [];
      setLines(
        cues.flatMap((c) => ((c as VTTCue).text ?? '').replace(/<[^>]*>/g, '').split('\n')).filter(Boolean),
      );
    };
    const bind = () => {
      const track = [...video.textTracks].find((t) => t.label === label && t.mode !== 'disabled') ?? null;
      if (track === bound) return;
      bound?.removeEventListener('cuechange', render);
      bound = track;
      bound?.addEventListener('cuechange', render);
      render();
    };
    bind();
    video.textTracks.addEventListener('change', bind);
    video.textTracks.addEventListener('addtrack', bind);
    return () => {
      video.textTracks.removeEventListener('change', bind);
      video.textTracks.removeEventListener('addtrack', bind);
      bound?.removeEventListener('cuechange', render);
    };
  }, [video, label]);

  if (!label || lines.length === 0) return null;
  return (
    <div className={lifted ? 'ink-subtitles lifted' : 'ink-subtitles'} aria-live="off">
      {lines.map((l, i) => (
        <span key={i}>{l}</span>
      ))}
    </div>
  );
}
