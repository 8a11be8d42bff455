import { useEffect, useRef, useState } from 'react';
import type { VideoAdEntry } from '../../../contract';
import { PLAYER, playerText, type PlayerLang } from '../../../contract';
import { giveBack, lendToAd, loadAd, seekWhenReady } from './ad-media';
import { playRefused, whenPlaying } from './media-actions';
import { advance, countdownStart, skipAll, startRun, tickCountdown, type AdRun } from './ad-sequence';
import { AutoplayPrompt } from './Overlays';
import type { PlayerHandle } from './usePlayer';

export interface VideoAdProps {
  handle: PlayerHandle;
  /** One entry is the single ad, several the multi ad (played in order). */
  ads: readonly VideoAdEntry[];
  /** The main source, put back after an ad played inside the player (where hls.js is unsupported). */
  mainSrc: string;
  lang: PlayerLang;
  /**
   * Phones: the ad plays in the player's own <video> (one inline video at a time is what older
   * phones allow) with plyr's controls hidden; elsewhere it plays in a <video> of the overlay.
   */
  inPlayer: boolean;
  /** Close label; the default is 关闭广告 / Close ad. */
  closeLabel?: string;
  onClose?: () => void;
  /** The player's <video> is showing an ad (its time is not the main video's). */
  onInPlayerChange?: (on: boolean) => void;
  /** The player's own manual-play prompt is up already: one prompt is enough. */
  autoplayPromptShown: boolean;
  /** Where the main video continues once its source is back (its last position or the resume point). */
  resumeAt?: () => number;
}

/** Whether this device gets ads inside the player (spec §4: on mobile). */
export const adsPlayInPlayer = () =>
  window.matchMedia('(pointer: coarse)').matches || /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent);

/**
 * Single and multi video ad (spec §4): the main video waits; each ad counts down from its length
 * rounded up, once a second while it plays; at zero or at its end the next one shows; after the
 * last, or on close (which skips the rest), the overlay goes and the main video plays.
 */
export function VideoAd(props: VideoAdProps) {
  const { handle, ads, mainSrc, lang, inPlayer } = props;
  const { video: main, hls, container } = handle;
  const t = playerText(lang);
  const [run, setRun] = useState<AdRun>(() => startRun(ads.length));
  // Countdown of the current ad; null until its length is known.
  const [count, setCount] = useState<{ index: number; left: number } | null>(null);
  const [paused, setPaused] = useState(true);
  const [blocked, setBlocked] = useState(false);
  const [mainBlocked, setMainBlocked] = useState(false);
  const [mainReady, setMainReady] = useState(() => main.readyState >= HTMLMediaElement.HAVE_METADATA);
  const own = useRef<HTMLVideoElement>(null);
  const onInPlayer = useRef(props.onInPlayerChange);
  useEffect(() => {
    onInPlayer.current = props.onInPlayerChange;
  });

  // In the player, the ad waits for the main video's metadata: the resume and autoplay start-up
  // read the main video's length, not an ad's.
  useEffect(() => {
    if (!inPlayer || mainReady) return;
    const onMeta = () => setMainReady(true);
    main.addEventListener('loadedmetadata', onMeta, { once: true });
    return () => main.removeEventListener('loadedmetadata', onMeta);
  }, [inPlayer, mainReady, main]);

  const active = !run.done;
  const swapped = inPlayer && active && mainReady;

  // The main video waits while an ad runs in the overlay.
  useEffect(() => {
    if (!active || inPlayer) return;
    const hold = () => main.pause();
    hold();
    main.addEventListener('play', hold);
    return () => main.removeEventListener('play', hold);
  }, [active, inPlayer, main]);

  // Phones: the ad goes into the player's <video>; afterwards the main source is attached again.
  useEffect(() => {
    if (!swapped) return;
    container.classList.add('ink-ad-in-player');
    onInPlayer.current?.(true);
    lendToAd(hls);
    return () => {
      giveBack(main, hls, mainSrc);
      container.classList.remove('ink-ad-in-player');
      onInPlayer.current?.(false);
    };
  }, [swapped, container, hls, main, mainSrc]);

  // One ad at a time: load, play (or the tap prompt), count down.
  const index = run.index;
  const current = active ? ads[index] : undefined;
  const adSrc = current?.adVideo;
  useEffect(() => {
    if (!adSrc) return;
    const video = inPlayer ? (swapped ? main : null) : own.current;
    if (!video) return;
    if (inPlayer) loadAd(video, adSrc);
    // The countdown lives here and is mirrored into state for display; zero moves on like the end.
    let left: number | null = null;
    const onMeta = () => {
      left = countdownStart(video.duration);
      setCount({ index, left });
    };
    const onPlay = () => {
      setPaused(false);
      setBlocked(false);
    };
    const onPause = () => setPaused(true);
    const onEnded = () => setRun((r) => advance(r, index));
    video.addEventListener('loadedmetadata', onMeta);
    video.addEventListener('playing', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA && !inPlayer) onMeta();
    video.play().catch((err: unknown) => playRefused(err) && setBlocked(true));
    const timer = setInterval(() => {
      if (left === null || left === 0) return;
      left = tickCountdown(left, video.paused);
      setCount({ index, left });
      if (left === 0) setRun((r) => advance(r, index));
    }, PLAYER.adTickMs);
    return () => {
      clearInterval(timer);
      video.removeEventListener('loadedmetadata', onMeta);
      video.removeEventListener('playing', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      video.pause();
    };
  }, [adSrc, index, inPlayer, swapped, main]);

  const left = count && count.index === index ? count.left : null;

  // After the last ad (or close) the main video plays.
  const done = run.done;
  const resumeAt = useRef(props.resumeAt);
  useEffect(() => {
    resumeAt.current = props.resumeAt;
  });
  useEffect(() => {
    if (!done || ads.length === 0) return;
    const play = () => void main.play().catch((err: unknown) => playRefused(err) && setMainBlocked(true));
    const at = resumeAt.current?.() ?? 0;
    if (!inPlayer || !(at > 0)) return play();
    // The source was put back: it starts at 0 unless sent to where the viewer was.
    return seekWhenReady(main, at, play);
  }, [done, ads.length, main, inPlayer]);

  // The prompt for the main video goes once it plays, however it started.
  useEffect(() => {
    if (!mainBlocked) return;
    return whenPlaying(main, () => setMainBlocked(false));
  }, [mainBlocked, main]);

  const adVideo = () => (inPlayer ? main : own.current);
  const playAd = () => {
    setBlocked(false);
    adVideo()
      ?.play()
      .catch((err: unknown) => playRefused(err) && setBlocked(true));
  };
  const close = () => {
    setRun(skipAll);
    props.onClose?.();
  };

  if (!current) {
    if (!mainBlocked || props.autoplayPromptShown) return null;
    return (
      <AutoplayPrompt
        lang={lang}
        onPlay={() => {
          setMainBlocked(false);
          main.play().catch(() => setMainBlocked(true));
        }}
      />
    );
  }
  const closeLabel = props.closeLabel ?? t.closeAd;
  return (
    <div
      className={`ink-video-ad${inPlayer ? ' in-player' : ''}`}
      data-player-ad
      role="region"
      aria-label={t.advert}
      data-ad-index={index}
    >
      {!inPlayer && (
        <video ref={own} className="ink-video-ad-media" src={current.adVideo} playsInline preload="auto" />
      )}
      <a
        className="ink-video-ad-link"
        href={current.adVideoLink}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t.advertiserLink}
      />
      <div className="ink-video-ad-bar">
        {left !== null && (
          <span className="ink-ad-countdown" role="timer">
            {t.advert} {left}
          </span>
        )}
        <button type="button" className="ink-video-ad-close" onClick={close}>
          {closeLabel}
        </button>
      </div>
      <button
        type="button"
        className="ink-video-ad-toggle"
        aria-label={paused ? t.playAd : t.pauseAd}
        onClick={() => (paused ? playAd() : adVideo()?.pause())}
      >
        {paused ? '▶' : '❚❚'}
      </button>
      <a className="ink-video-ad-more" href={current.adVideoLink} target="_blank" rel="noopener noreferrer">
        {t.adDetails}
      </a>
      {blocked && (
        <button type="button" className="ink-ad-tap" onClick={playAd}>
          <span>{t.autoplayLimited}</span>
          <strong>{t.pleaseClick}</strong>
        </button>
      )}
    </div>
  );
}
