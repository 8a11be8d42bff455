import 'plyr/dist/plyr.css';
import './player.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { PlayerAds, VodDanmu, VodMarker } from '../../../contract';
import { setResumePosition } from '../../lib/device/watch';
import { prefetchLaterCode } from '../../lib/later-code';
import { unlockedVideo, useAutoplayGate } from './autoplay-gate';
import { addAutoplayItem } from './autoplay-menu';
import { readAutoplaySetting, writeAutoplaySetting } from './autoplay-setting';
import { DanmuLayer } from './DanmuLayer';
import { MarkerLayer } from './MarkerLayer';
import { selectAudio, selectSubtitle, setPoster } from './media-actions';
import {
  AutoplayPrompt,
  PreviewLayer,
  PreviewTip,
  ResumePrompt,
  SwitchNotice,
  SwitchingModal,
} from './Overlays';
import { PauseAd } from './PauseAd';
import { keepsPosition } from './resume';
import { holdsVideo, StartAdvert } from './StartAdvert';
import { VideoAd, adsPlayInPlayer } from './VideoAd';
import type { PlayerPlaylist } from './playlist';
import { PlaylistControl } from './PlaylistControl';
import { RotateMenu } from './RotateMenu';
import type { PlayerAdvert } from './pause-ad';
import { SubtitleLayer } from './SubtitleLayer';
import { subtitleBand } from './subtitle-band';
import { TrackPicker } from './TrackPicker';
import type { TrackItem } from './tracks';
import { signedExpiryMs } from './signed-src';
import { usePlayer } from './usePlayer';
import { usePreview } from './usePreview';
import { useResume } from './useResume';
import { playerText, type PlayerLang } from '../../../contract';

export interface VideoPlayerProps {
  vodId: number;
  /** HLS master playlist URL. */
  src: string;
  /** Renews a short-lived signed `src` (the full video) without restarting the player. */
  renewSrc?: () => Promise<string>;
  poster?: string;
  lang: PlayerLang;
  /** Full player (progress bar, markers) rather than a trial. */
  progress: boolean;
  /** Preview length in seconds (0: no preview). */
  preview?: number;
  /** Overrides the device's 自动播放 setting (the settings menu's toggle, on by default). */
  autoplay?: boolean;
  /** Seek to the saved position and play instead of offering the resume prompt (default: autoplay). */
  autoResume?: boolean;
  markers?: readonly VodMarker[];
  /** The video's comments: the comment overlay with its send box and on/off toggle. */
  danmu?: readonly VodDanmu[];
  /** Shown when playback pauses (spec §4 pause advert). */
  pauseAd?: PlayerAdvert;
  onPreviewEnd?: () => void;
  /** Playing (not paused, not waiting at the end). */
  onPlayingChange?: (playing: boolean) => void;
  /** Start advert and video ads of this play (spec §4); video ads take precedence. */
  playerAds?: PlayerAds;
  /** The playlist panel's items and moves (spec §4 Playlist); no panel without it. */
  playlist?: PlayerPlaylist;
}

const NOTICE_MS = 2_000;

/** The video player: plyr + hls.js with our overlays inside `.plyr`, so they stay in fullscreen. */
export function VideoPlayer(props: VideoPlayerProps) {
  const { vodId, src, poster, lang, progress, preview = 0 } = props;
  const [autoplaySetting, setAutoplaySetting] = useState(readAutoplaySetting);
  const autoplay = props.autoplay ?? autoplaySetting;
  // Spec §4: with autoplay on, a saved position is sought and played; otherwise the prompt offers it.
  const autoResume = props.autoResume ?? autoplay;
  const host = useRef<HTMLDivElement>(null);
  const last = useRef(0);
  const onDispose = useCallback(() => {
    if (keepsPosition(last.current)) void setResumePosition(vodId, last.current);
  }, [vodId]);
  // Where the browser refuses sound without a tap, the player is built on the tap (autoplay-gate.ts).
  const gate = useAutoplayGate(autoplay);
  const [tapped, setTapped] = useState(false);
  const unlocked = useRef<HTMLVideoElement | null>(null);
  const takeVideo = useCallback(() => {
    const video = unlocked.current;
    unlocked.current = null;
    return video;
  }, []);
  const waiting = gate === 'tap' && !tapped;
  // The player's code comes into the cache while the page is idle, so the tap waits for no download;
  // a trial's master playlist too (public for 5 minutes; a bought video's signed one is never kept).
  useEffect(() => {
    if (waiting) return prefetchLaterCode(signedExpiryMs(src) === null ? [src] : []);
  }, [waiting, src]);
  const onTap = () => {
    unlocked.current = unlockedVideo();
    setTapped(true);
  };
  const state = usePlayer(host, {
    src,
    poster,
    lang,
    progress,
    onDispose,
    renewSrc: props.renewSrc,
    start: gate === 'open' || tapped,
    takeVideo,
  });
  const { handle } = state;
  // An ad playing in the player's own <video> (phones) is not the video being watched.
  const adInPlayer = useRef(false);
  const videoAds = props.playerAds?.videoAds ?? [];
  const startAdvert = props.playerAds?.startAdvert ?? null;
  const startAdvertHolds = videoAds.length === 0 && startAdvert !== null && holdsVideo(startAdvert);
  const startup = useResume(handle, { vodId, autoplay, autoResume, last, adInPlayer, startAdvertHolds });
  const previewOver = usePreview(handle, preview, props.onPreviewEnd);
  const [notice, setNotice] = useState<string | null>(null);
  const t = playerText(lang);
  const [adsInPlayer] = useState(adsPlayInPlayer);

  const onPlayingChange = useRef(props.onPlayingChange);
  useEffect(() => {
    onPlayingChange.current = props.onPlayingChange;
  });
  useEffect(() => {
    if (!handle) return;
    const { video } = handle;
    const report = () =>
      onPlayingChange.current?.(!adInPlayer.current && !video.paused && !video.ended && video.readyState > 2);
    const events = ['play', 'playing', 'pause', 'ended', 'waiting', 'emptied'] as const;
    events.forEach((e) => video.addEventListener(e, report));
    return () => {
      events.forEach((e) => video.removeEventListener(e, report));
      onPlayingChange.current?.(false);
    };
  }, [handle]);

  useEffect(() => {
    if (handle && poster) setPoster(handle.plyr, poster);
  }, [handle, poster]);

  // 自动播放 in the settings menu: remembered on the device, used from the next video (or reload) on.
  const settingNow = useRef(autoplaySetting);
  useEffect(() => {
    settingNow.current = autoplaySetting;
  });
  useEffect(() => {
    if (!handle?.controls) return;
    const text = playerText(lang);
    return addAutoplayItem(
      handle.controls,
      { label: text.autoplaySetting, on: text.on, off: text.off },
      settingNow.current,
      (on) => {
        writeAutoplaySetting(on);
        setAutoplaySetting(on);
      },
    );
  }, [handle, lang]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const chooseSubtitle = (item: TrackItem) => {
    const hls = handle?.hls;
    if (!hls) return;
    selectSubtitle(hls, item.value);
    setNotice(`${t.trackSwitched} ${item.text}`);
  };
  const chooseAudio = (item: TrackItem) => {
    const hls = handle?.hls;
    if (!hls) return;
    selectAudio(hls, item.value);
    setNotice(`${t.trackSwitched} ${item.text}`);
  };

  // The chosen subtitle (including a DEFAULT=YES one the stream starts with) is drawn by us.
  const sub = state.subtitles;
  const subtitleLabel =
    sub.current >= 0 ? (sub.items.find((i) => i.value === sub.current)?.text ?? null) : null;
  const pickerSlot = handle?.pickerSlot;
  const subtitlesLifted = startup.resumeAt !== null || notice !== null;

  return (
    <>
      <div
        className="ink-player"
        data-state={handle ? 'ready' : state.error ? 'error' : waiting ? 'waiting' : 'loading'}
      >
        <div ref={host} className="ink-player-host" />
        {waiting && preview > 0 && <PreviewTip length={preview} lang={lang} />}
        {waiting && <AutoplayPrompt lang={lang} onPlay={onTap} />}
        {!handle && !state.error && !waiting && <div className="ink-player-loading" aria-busy="true" />}
        {state.error && <div className="ink-player-error">{t.loadFailed}</div>}
        {handle &&
          createPortal(
            <>
              <SubtitleLayer video={handle.video} label={subtitleLabel} lifted={subtitlesLifted} />
              {preview > 0 && !previewOver && <PreviewTip length={preview} lang={lang} />}
              {previewOver && <PreviewLayer lang={lang} />}
              {props.pauseAd && (
                <PauseAd video={handle.video} advert={props.pauseAd} previewOver={previewOver} lang={lang} />
              )}
              {startup.resumeAt !== null && (
                <ResumePrompt
                  at={startup.resumeAt}
                  lang={lang}
                  onJump={startup.jumpToResume}
                  onClose={startup.closeResume}
                />
              )}
              {startup.autoplayBlocked && <AutoplayPrompt lang={lang} onPlay={startup.playManually} />}
              {state.switchingTo !== null && <SwitchingModal height={state.switchingTo} lang={lang} />}
              {notice && <SwitchNotice text={notice} />}
              {videoAds.length > 0 ? (
                <VideoAd
                  handle={handle}
                  ads={videoAds}
                  mainSrc={src}
                  lang={lang}
                  inPlayer={adsInPlayer}
                  autoplayPromptShown={startup.autoplayBlocked}
                  onInPlayerChange={(on) => (adInPlayer.current = on)}
                  resumeAt={startup.positionAfterAds}
                />
              ) : (
                startAdvert && (
                  <StartAdvert
                    video={handle.video}
                    advert={startAdvert}
                    lang={lang}
                    resume={startup.found}
                    autoplayPromptShown={startup.autoplayBlocked}
                  />
                )
              )}
            </>,
            handle.container,
          )}
        {handle && progress && props.markers && props.markers.length > 0 && (
          <MarkerLayer handle={handle} markers={props.markers} lang={lang} />
        )}
        {pickerSlot &&
          createPortal(
            <>
              <TrackPicker
                label={t.subtitles}
                colon={t.colon}
                kind="subtitle"
                tracks={state.subtitles}
                onChoose={chooseSubtitle}
              />
              <TrackPicker
                label={t.audio}
                colon={t.colon}
                kind="audio"
                tracks={state.audio}
                onChoose={chooseAudio}
              />
            </>,
            pickerSlot,
          )}
        {handle?.toolSlot && props.playlist && (
          <PlaylistControl
            playlist={props.playlist}
            slot={handle.toolSlot}
            container={handle.container}
            lang={lang}
          />
        )}
        {handle?.toolSlot && <RotateMenu video={handle.video} slot={handle.toolSlot} lang={lang} />}
      </div>
      {handle && props.danmu && (
        <DanmuLayer
          handle={handle}
          lang={lang}
          vodId={vodId}
          comments={props.danmu}
          bottomBand={subtitleBand(subtitleLabel !== null, subtitlesLifted)}
        />
      )}
    </>
  );
}
