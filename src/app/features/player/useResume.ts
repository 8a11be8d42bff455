import { useCallback, useEffect, useRef, useState } from 'react';
import { PLAYER } from '../../../contract';
import { getResumePosition, setResumePosition } from '../../lib/device/watch';
import type { PlayerHandle } from './usePlayer';
import { playRefused, seekAndPlay, whenPlaying } from './media-actions';
import { keepsPosition, resumeAction } from './resume';

/** Seconds of playback between background saves of the position. */
const SAVE_EVERY_S = 5;
const durationOf = (v: HTMLVideoElement) => v.duration;
const playVideo = (v: HTMLVideoElement) => v.play();

/** What the startup found: the saved position it acted on (0: none) and the time it was found at. */
export interface ResumeFound {
  saved: number;
  at: number;
}

export interface StartupState {
  /** Null until the saved position is read and acted on. */
  found: ResumeFound | null;
  /** Saved time the prompt offers (null: no prompt). */
  resumeAt: number | null;
  closeResume: () => void;
  jumpToResume: () => void;
  /** play() was refused: the manual-play prompt shows. */
  autoplayBlocked: boolean;
  /** Where the video continues after ads played in its <video>: the resume point, else its last position. */
  positionAfterAds: () => number;
  playManually: () => void;
}

/**
 * Resume and autoplay (spec §4): the position is saved per video when the page hides, on unload, on
 * error and on dispose; on load a saved nonzero position seeks (autoResume) or shows the prompt.
 */
export function useResume(
  handle: PlayerHandle | null,
  opts: {
    vodId: number;
    autoplay: boolean;
    autoResume: boolean;
    /** Last known position, kept so it can be saved after hls.js has detached the media. */
    last: { current: number };
    /** True while an advert plays in the player's own <video>: its clock is not the video's. */
    adInPlayer?: { current: boolean };
    /** A start advert will hold the video and play it at its end: autoplay is its to do. */
    startAdvertHolds?: boolean;
  },
): StartupState {
  const { vodId, autoplay, autoResume, last, adInPlayer, startAdvertHolds = false } = opts;
  const [resumeAt, setResumeAt] = useState<number | null>(null);
  const [found, setFound] = useState<ResumeFound | null>(null);
  // Read when the player starts, not followed: changing the setting mid-video applies to the next one.
  const startWith = useRef({ autoplay, autoResume, startAdvertHolds });
  useEffect(() => {
    startWith.current = { autoplay, autoResume, startAdvertHolds };
  });
  const [autoplayBlocked, setBlocked] = useState(false);
  // A resume point that arrived while an ad held the <video>.
  const afterAds = useRef<number | null>(null);
  const video = handle?.video;

  const tryPlay = useCallback((started: Promise<void> | undefined) => {
    started?.catch((err: unknown) => {
      if (playRefused(err)) setBlocked(true);
    });
  }, []);

  // Saving: page hidden, unload, error (dispose is the player's onDispose).
  useEffect(() => {
    if (!video) return;
    let savedAt = 0;
    const save = () => {
      if (!keepsPosition(last.current)) return;
      savedAt = last.current;
      void setResumePosition(vodId, last.current);
    };
    const track = () => {
      if (adInPlayer?.current) return;
      if (video.currentTime > 0) last.current = video.currentTime;
      // Also every few seconds: a write started during unload is not always finished.
      if (Math.abs(last.current - savedAt) >= SAVE_EVERY_S) save();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && save();
    video.addEventListener('timeupdate', track);
    video.addEventListener('seeked', track);
    video.addEventListener('error', save);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', save);
    window.addEventListener('beforeunload', save);
    return () => {
      video.removeEventListener('timeupdate', track);
      video.removeEventListener('seeked', track);
      video.removeEventListener('error', save);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', save);
      window.removeEventListener('beforeunload', save);
    };
  }, [video, vodId, last, adInPlayer]);

  // Startup, once per player: resume decision, then autoplay.
  useEffect(() => {
    if (!video) return;
    let cancelled = false;
    const start = async () => {
      const saved = await getResumePosition(vodId);
      if (cancelled) return;
      const { autoplay, autoResume, startAdvertHolds } = startWith.current;
      const action = resumeAction(saved, durationOf(video), autoResume);
      setFound({ saved: action === 'none' ? 0 : saved, at: video.currentTime });
      if (action === 'seek') {
        // Ads in the player's <video> (now or right after this) hand back at the resume point.
        afterAds.current = saved;
        if (!adInPlayer?.current) tryPlay(seekAndPlay(video, saved));
      } else if (action === 'prompt') setResumeAt(saved);
      // Not under a start advert: the advert pauses a playing video only once it is drawn, so a
      // video started here would be heard for a moment first (where sound is allowed).
      else if (autoplay && !startAdvertHolds) tryPlay(playVideo(video));
    };
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) void start();
    else video.addEventListener('loadedmetadata', () => void start(), { once: true });
    return () => {
      cancelled = true;
      setResumeAt(null);
      setFound(null);
      setBlocked(false);
    };
  }, [video, vodId, tryPlay, adInPlayer]);

  // The manual-play prompt asks for playback: once the video plays, however it started, it goes.
  useEffect(() => {
    if (!video || !autoplayBlocked) return;
    return whenPlaying(video, () => setBlocked(false));
  }, [video, autoplayBlocked]);

  // The prompt vanishes after 15 s.
  useEffect(() => {
    if (resumeAt === null) return;
    const t = setTimeout(() => setResumeAt(null), PLAYER.resumePromptMs);
    return () => clearTimeout(t);
  }, [resumeAt]);

  return {
    found,
    resumeAt,
    closeResume: () => setResumeAt(null),
    jumpToResume: () => {
      if (video && resumeAt !== null) tryPlay(seekAndPlay(video, resumeAt));
      setResumeAt(null);
    },
    autoplayBlocked,
    positionAfterAds: () => afterAds.current ?? last.current,
    playManually: () => {
      setBlocked(false);
      if (video) tryPlay(playVideo(video));
    },
  };
}
