import { useEffect, useRef, useState } from 'react';
import type { PlayerHandle } from './usePlayer';
import { clampTarget } from './preview';

const OVER_CLASS = 'ink-preview-over';

/**
 * The trial preview (spec §4): past the limit the player seeks back to it, pauses, hides the centre
 * play control and shows the end layer. Checked on `seeking` as well as `timeupdate` (which fires only
 * every 15–250 ms). The next play resets the layer and starts again from 0.
 */
export function usePreview(handle: PlayerHandle | null, length: number, onEnd?: () => void): boolean {
  const [over, setOver] = useState(false);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });

  useEffect(() => {
    if (!handle || !(length > 0)) return;
    const { video, container } = handle;
    let isOver = false;
    const end = () => {
      if (!isOver) {
        isOver = true;
        setOver(true);
        container.classList.add(OVER_CLASS);
        onEndRef.current?.();
      }
    };
    const check = () => {
      const target = clampTarget(video.currentTime, length, video.duration);
      if (target === null) return;
      video.currentTime = target;
      video.pause();
      end();
    };
    const onPlay = () => {
      if (!isOver) return;
      isOver = false;
      setOver(false);
      container.classList.remove(OVER_CLASS);
      video.currentTime = 0;
    };
    video.addEventListener('timeupdate', check);
    video.addEventListener('seeking', check);
    video.addEventListener('ended', end);
    video.addEventListener('play', onPlay);
    return () => {
      video.removeEventListener('timeupdate', check);
      video.removeEventListener('seeking', check);
      video.removeEventListener('ended', end);
      video.removeEventListener('play', onPlay);
      container.classList.remove(OVER_CLASS);
      setOver(false);
    };
  }, [handle, length]);

  return over;
}
