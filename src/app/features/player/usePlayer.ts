import { useEffect, useRef, useState, type RefObject } from 'react';
import type Hls from 'hls.js';
import type Plyr from 'plyr';
import { PLAYER, plyrI18nZh, playerText, type PlayerLang } from '../../../contract';
import { loadPlayerLibs } from './load-libs';
import {
  defaultQuality,
  levelForHeight,
  qualityOptions,
  qualitySwitch,
  switchDone,
  type PendingSwitch,
} from './quality';
import { closeSettingsOnLeave } from './settings-menu';
import { renewNativeOnError, SignedSource, signedExpiryMs, sourceKey } from './signed-src';
import { readStreamLevel, writeStreamLevel } from './stream-level';
import type { TrackItem } from './tracks';

export interface PlayerConfig {
  /** HLS master playlist. */
  src: string;
  /** Decrypted (or worker-served) poster URL. */
  poster?: string;
  lang: PlayerLang;
  /** Show the progress bar (full player) or not (trial). */
  progress: boolean;
  /** Called before teardown, while the video still has its position (saves the resume point). */
  onDispose?: (video: HTMLVideoElement) => void;
  /** A fresh signed URL of the same video: a short-lived `src` is renewed with it while playing. */
  renewSrc?: () => Promise<string>;
  /** False while the page waits for the visitor's tap (autoplay refused): nothing is loaded yet. */
  start?: boolean;
  /** The <video> the tap unlocked, used instead of a new one. */
  takeVideo?: () => HTMLVideoElement | null;
}

/** What the overlays need once the player is up. */
export interface PlayerHandle {
  plyr: Plyr;
  /** null where hls.js is unsupported and the browser plays HLS itself. */
  hls: Hls | null;
  video: HTMLVideoElement;
  container: HTMLElement;
  controls: HTMLElement | null;
  /** Our element in the control bar, before the settings menu, for the track pickers. */
  pickerSlot: HTMLElement | null;
  /** Our element in the control bar after the pickers, for the playlist and rotate/mirror buttons. */
  toolSlot: HTMLElement | null;
}

export interface TrackList {
  items: TrackItem[];
  current: number;
}

export interface PlayerState {
  handle: PlayerHandle | null;
  subtitles: TrackList;
  audio: TrackList;
  /** Height being switched to (the switching modal), or null. */
  switchingTo: number | null;
  error: boolean;
}

/** Seconds buffered ahead of the play position while playing (hls.js maxBufferLength). */
const PLAYER_BUFFER_AHEAD_S = 10;
/**
 * Seconds buffered before the first play: one 2 s segment of video and of audio, so a tap plays at once.
 * A player built before any play waits here (autoplay off in the settings, or a play() refused after the
 * page's question let it through: autoplay-gate.ts); many visitors leave without playing.
 */
const PLAYER_BUFFER_BEFORE_PLAY_S = 2;

const noTracks: TrackList = { items: [], current: -1 };

const initial: PlayerState = {
  handle: null,
  subtitles: noTracks,
  audio: noTracks,
  switchingTo: null,
  error: false,
};

/**
 * plyr + hls.js for one source. The <video> is created here (not by React), hls.js attaches first, and
 * plyr is created on MANIFEST_PARSED, when the quality levels are known: plyr options cannot change
 * after creation, so a new source or language makes a new player. Teardown: hls, plyr, host.
 */
export function usePlayer(host: RefObject<HTMLDivElement | null>, cfg: PlayerConfig): PlayerState {
  // A renewed signed URL is the same source: it must not make a new player.
  const key = `${sourceKey(cfg.src)}|${cfg.lang}|${cfg.progress}`;
  // State belongs to one player: updates from an older one (same key check) never leak into a newer one.
  const [keyed, setKeyed] = useState<{ key: string; state: PlayerState }>({ key, state: initial });
  const posterRef = useRef(cfg.poster);
  const disposeRef = useRef(cfg.onDispose);
  const srcRef = useRef(cfg.src);
  const renewRef = useRef(cfg.renewSrc);
  const signedRef = useRef<SignedSource | null>(null);
  const takeVideoRef = useRef(cfg.takeVideo);
  useEffect(() => {
    takeVideoRef.current = cfg.takeVideo;
    posterRef.current = cfg.poster;
    disposeRef.current = cfg.onDispose;
    srcRef.current = cfg.src;
    renewRef.current = cfg.renewSrc;
    signedRef.current?.offer(cfg.src);
  });
  const { lang, progress } = cfg;
  const started = cfg.start ?? true;
  const source = sourceKey(cfg.src);

  useEffect(() => {
    const el = host.current;
    if (!el || !started) return;
    let disposed = false;
    const src = srcRef.current;
    const runKey = `${source}|${lang}|${progress}`;
    const renew = renewRef.current;
    const signed = renew && signedExpiryMs(src) !== null ? new SignedSource(src, renew) : null;
    signedRef.current = signed;
    signed?.start();
    let hls: Hls | null = null;
    let plyr: Plyr | null = null;
    const t = playerText(lang);
    const video = takeVideoRef.current?.() ?? document.createElement('video');
    video.playsInline = true;
    video.preload = 'auto';
    video.setAttribute('webkit-playsinline', '');
    video.setAttribute('aria-label', t.play);
    el.replaceChildren(video);
    const setState = (patch: (s: PlayerState) => PlayerState) =>
      setKeyed((k) => ({ key: runKey, state: patch(k.key === runKey ? k.state : initial) }));

    void (async () => {
      const { Plyr: PlyrCtor, Hls: HlsCtor, assets } = await loadPlayerLibs();
      if (disposed) return;

      const base: Plyr.Options = {
        iconUrl: assets.plyrSprite,
        blankVideo: assets.blankVideo,
        // plyr keeps volume/quality in localStorage: ours is the selectedStreamLevel cookie (spec §3).
        storage: { enabled: false },
        controls: [
          'play-large',
          'play',
          ...(progress ? ['progress'] : []),
          'current-time',
          ...(progress ? ['duration'] : []),
          'mute',
          'settings',
          'fullscreen',
        ],
        // The subtitle and audio pickers are ours (spec §4): plyr's captions item stays out.
        settings: ['quality', 'speed'],
        captions: { active: false, update: false, language: 'auto' },
        speed: { selected: PLAYER.defaultSpeed, options: [...PLAYER.speeds] },
        keyboard: { focused: true, global: false },
        tooltips: { controls: false, seek: progress },
        invertTime: false,
        fullscreen: { enabled: true, fallback: true, iosNative: false },
        i18n: {
          ...(lang === 'en-us' ? {} : plyrI18nZh),
          qualityLabel: { 0: t.auto },
        },
      };

      const ready = (p: Plyr) => {
        const publish = () => {
          if (disposed) return;
          const container = p.elements.container;
          if (!container) return;
          const controls = p.elements.controls;
          let pickerSlot: HTMLElement | null = null;
          let toolSlot: HTMLElement | null = null;
          if (controls) {
            // plyr has no custom-control API: our pickers go in before its settings menu.
            pickerSlot = document.createElement('div');
            pickerSlot.className = 'ink-track-slot';
            controls.insertBefore(pickerSlot, controls.querySelector('.plyr__menu'));
            toolSlot = document.createElement('div');
            toolSlot.className = 'ink-tool-slot';
            controls.insertBefore(toolSlot, pickerSlot.nextSibling);
            closeSettingsOnLeave(controls);
          }
          setState((s) => ({
            ...s,
            handle: { plyr: p, hls, video, container, controls, pickerSlot, toolSlot },
          }));
        };
        // plyr announces ready on the next tick for HTML5; the elements exist already.
        if (p.elements.container) publish();
        else p.once('ready', publish);
      };

      if (!HlsCtor.isSupported()) {
        // Older iPhones: the browser plays HLS itself; hls.js levels are unknown, so no quality menu.
        video.src = src;
        if (signed) renewNativeOnError(video, signed);
        plyr = new PlyrCtor(video, { ...base, settings: ['speed'] });
        ready(plyr);
        return;
      }

      const h = new HlsCtor({
        workerPath: assets.hlsWorkerUrl,
        enableWorker: true,
        // hls.js's own cap is 60 MB, i.e. the whole of a short video at our bitrates: every 2 s segment of
        // video and of audio, each one main-thread work on a phone and data a visitor who leaves early
        // never watches. Until the first play, one segment of each; then 10 s ahead (below, on 'play').
        maxBufferLength: PLAYER_BUFFER_BEFORE_PLAY_S,
        maxMaxBufferLength: PLAYER_BUFFER_BEFORE_PLAY_S,
        // Each playlist and segment request goes out with the newest signed token.
        ...(signed && {
          xhrSetup: async (xhr: XMLHttpRequest, url: string) =>
            xhr.open('GET', await signed.urlFor(url), true),
        }),
      });
      // hls.js reads its buffer lengths on every tick: the next tick fetches ahead.
      video.addEventListener(
        'play',
        () => {
          h.config.maxBufferLength = PLAYER_BUFFER_AHEAD_S;
          h.config.maxMaxBufferLength = PLAYER_BUFFER_AHEAD_S;
        },
        { once: true },
      );
      // Cues load into a 'hidden' track and our SubtitleLayer draws them.
      h.subtitleDisplay = false;
      hls = h;
      // The switching modal stays until the chosen quality plays (or, paused, is buffered).
      let pending: PendingSwitch | null = null;
      const settle = (level: number, switched: boolean) => {
        if (!pending || !switchDone(pending, level, switched)) return;
        pending = null;
        setState((s) => ({ ...s, switchingTo: null }));
      };
      let building = false;
      h.on(HlsCtor.Events.MANIFEST_PARSED, (_e, data) => {
        // Once per player: plyr is built in a later task, and hls.js may parse the manifest again.
        if (disposed || building) return;
        building = true;
        const options = qualityOptions(data.levels.map((l) => l.height));
        const chosen = defaultQuality(options, readStreamLevel());
        const start = levelForHeight(h.levels, chosen);
        // A remembered quality is kept, not just started with: auto would move off it at once.
        if (start >= 0) {
          h.startLevel = start;
          h.loadLevel = start;
        }
        // hls.js's manifest work, plyr's controls and the player's first render each take a task of their
        // own: on a phone's CPU, one task of all three held taps (and Lighthouse's TBT) ~200 ms at a time.
        setTimeout(() => {
          if (disposed) return;
          // The user's choice as a height (0 = auto): what "the current quality" means in the menu.
          let selected = chosen;
          let constructing = true;
          const p = new PlyrCtor(video, {
            ...base,
            settings: options.length > 2 ? ['quality', 'speed'] : ['speed'],
            quality: {
              default: chosen,
              options,
              forced: true,
              onChange: (height: number) => {
                // plyr calls this once while it is being built: that is not a user's choice.
                if (constructing || disposed) return;
                const move = qualitySwitch(selected, height, h.levels);
                if (!move) return;
                selected = move.height;
                writeStreamLevel(move.height);
                const auto = move.level === -1;
                const playing = h.currentLevel;
                // loadLevel changes what loads next and keeps the buffer.
                h.loadLevel = move.level;
                const target = auto ? h.nextAutoLevel : move.level;
                // A different level than the one playing: a smooth switch, playback goes on while it
                // loads (currentLevel would flush the whole buffer and stall).
                if (target !== playing) h.nextLevel = move.level;
                const next: PendingSwitch = { height: move.height, target, auto };
                pending = switchDone(next, playing, false) ? null : next;
                setState((s) => ({ ...s, switchingTo: pending ? pending.height : null }));
              },
            },
          });
          constructing = false;
          plyr = p;
          if (posterRef.current) p.poster = posterRef.current;
          setTimeout(() => {
            if (disposed) return;
            ready(p);
            // Attached only now: plyr keeps a clone of the <video> it is given, and a clone taken while the
            // MediaSource URL is set would try to load that URL (a failed blob: request on every visit).
            h.attachMedia(video);
          });
        });
      });
      h.on(HlsCtor.Events.LEVEL_SWITCHED, (_e, data) => settle(data.level, true));
      h.on(HlsCtor.Events.FRAG_BUFFERED, (_e, data) => {
        if (video.paused && data.frag.type === 'main') settle(data.frag.level, true);
      });
      h.on(HlsCtor.Events.SUBTITLE_TRACKS_UPDATED, (_e, data) => {
        const items = [
          { value: -1, text: t.off },
          ...data.subtitleTracks.map((tr, i) => ({ value: i, text: tr.name || tr.lang || String(i + 1) })),
        ];
        setState((s) => ({ ...s, subtitles: { items, current: h.subtitleTrack } }));
      });
      h.on(HlsCtor.Events.AUDIO_TRACKS_UPDATED, (_e, data) => {
        const items = data.audioTracks.map((tr, i) => ({
          value: i,
          text: tr.name || tr.lang || String(i + 1),
        }));
        setState((s) => ({ ...s, audio: { items, current: h.audioTrack } }));
      });
      h.on(HlsCtor.Events.SUBTITLE_TRACK_SWITCH, (_e, data) =>
        setState((s) => ({ ...s, subtitles: { ...s.subtitles, current: data.id } })),
      );
      h.on(HlsCtor.Events.AUDIO_TRACK_SWITCHED, (_e, data) =>
        setState((s) => ({ ...s, audio: { ...s.audio, current: data.id } })),
      );
      h.on(HlsCtor.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        if (data.type === HlsCtor.ErrorTypes.MEDIA_ERROR) h.recoverMediaError();
        else setState((s) => ({ ...s, error: true }));
      });
      h.loadSource(src);
    })().catch((err: unknown) => {
      console.error('[player] failed to start', err);
      if (!disposed) setState((s) => ({ ...s, error: true }));
    });

    return () => {
      disposed = true;
      signed?.stop();
      if (signedRef.current === signed) signedRef.current = null;
      disposeRef.current?.(video);
      hls?.destroy();
      try {
        // plyr puts back a clone of the <video> taken at creation, src and all: that MediaSource blob
        // URL is revoked by now, and loading it would only log an error.
        (plyr?.elements as { original?: Element } | undefined)?.original?.removeAttribute('src');
        plyr?.destroy();
      } catch (err) {
        console.warn('[player] destroy', err);
      }
      el.replaceChildren();
    };
  }, [host, source, lang, progress, started]);

  return keyed.key === key ? keyed.state : initial;
}
