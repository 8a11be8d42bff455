import { PLAYER } from '../../../contract';
import { cssColor, danmuKind, danmuLife, DANMU_MAX_ON_SCREEN, type Danmu, type DanmuKind } from './danmu';
import { DanmuSpace, laneStage } from './danmu-lanes';
import { positionedFrames } from './danmu-positioned';
import { DanmuTimeline } from './danmu-schedule';

interface Live {
  el: HTMLElement;
  anim: Animation;
}

/** Marks the viewer's own comment (Bilibili outlines it); tests and styles find it by this. */
export const OWN_DANMU_CLASS = 'own';

/**
 * The comment engine on the video clock: a 10 ms tick (§9) launches comments as their stime comes,
 * each a text-only span moved by the Web Animations API, so pausing, playbackRate and a seek's
 * resync apply to every comment at once. Text goes in through textContent, never as HTML.
 */
export class DanmuStage {
  private readonly timeline: DanmuTimeline<Danmu>;
  // One space for modes 1, 6, 5 and 4: no comment crosses or covers another, whatever their kinds.
  private readonly space = new DanmuSpace<HTMLElement>(true);
  /** px at the stage's bottom kept clear for subtitle cues (subtitle-band.ts). */
  private bottomBand = 0;
  /** On screen, by element (the lanes know a comment by its element). */
  private readonly live = new Map<HTMLElement, Live>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly off: () => void;

  constructor(
    private readonly root: HTMLElement,
    private readonly video: HTMLVideoElement,
    list: readonly Danmu[],
  ) {
    this.timeline = new DanmuTimeline(list);
    const sync = () => this.syncPlayback();
    const events = ['play', 'playing', 'pause', 'waiting', 'ratechange', 'ended'] as const;
    events.forEach((e) => video.addEventListener(e, sync));
    const seeked = () => this.tick();
    video.addEventListener('seeked', seeked);
    this.off = () => {
      events.forEach((e) => video.removeEventListener(e, sync));
      video.removeEventListener('seeked', seeked);
    };
    this.timer = setInterval(() => this.tick(), PLAYER.commentTickMs);
  }

  private get now() {
    return this.video.currentTime * 1000;
  }

  private get running() {
    return !this.video.paused && !this.video.ended && this.video.readyState > 2;
  }

  private tick() {
    if (this.video.seeking) return;
    const { resync, due } = this.timeline.advance(this.now);
    if (resync) this.clear();
    for (const c of due) this.launch(c, false);
  }

  private syncPlayback() {
    const rate = this.video.playbackRate || 1;
    const run = this.running;
    for (const { anim } of this.live.values()) {
      anim.playbackRate = rate;
      if (run) anim.play();
      else anim.pause();
    }
  }

  /** While subtitles are on, comments launched from now keep clear of their band. */
  setBottomBand(px: number) {
    this.bottomBand = px;
  }

  /** Shows a comment just sent at once and keeps it on the timeline for later seeks. */
  send(c: Danmu) {
    this.timeline.insertShown(c);
    this.launch(c, true);
  }

  private launch(c: Danmu, own: boolean) {
    const life = danmuLife(c);
    const elapsed = own ? 0 : Math.max(0, this.now - c.stime);
    if (elapsed >= life) return;
    if (this.live.size >= DANMU_MAX_ON_SCREEN) {
      // A full screen drops what comes, except the viewer's own comment, which replaces the oldest.
      if (!own) return;
      const oldest = this.live.values().next().value;
      if (oldest) this.remove(oldest);
    }
    const kind = danmuKind(c.mode);
    const el = document.createElement('span');
    el.className = `ink-danmu-item ${kind}${c.border || own ? ' border' : ''}${own ? ` ${OWN_DANMU_CLASS}` : ''}${c.shadow ? '' : ' flat'}`;
    el.textContent = c.text;
    el.dataset.stime = String(c.stime);
    el.style.fontSize = `${c.size}px`;
    el.style.color = cssColor(c.color);
    if (c.font) el.style.fontFamily = c.font;
    if (kind !== 'positioned') el.style.opacity = String(c.opacity);
    this.root.append(el);
    const stage = { width: this.root.clientWidth, height: this.root.clientHeight };
    const frames = this.framesFor(c, kind, el, life, stage, own);
    if (!frames) {
      el.remove();
      return;
    }
    const anim = el.animate(frames, { duration: life, easing: 'linear', fill: 'forwards' });
    anim.currentTime = elapsed;
    anim.playbackRate = this.video.playbackRate || 1;
    if (!this.running) anim.pause();
    const item = { el, anim };
    this.live.set(el, item);
    anim.onfinish = () => this.remove(item);
  }

  /** The comment's keyframes, or null when no rows are free for it (it is dropped). */
  private framesFor(
    c: Danmu,
    kind: DanmuKind,
    el: HTMLElement,
    life: number,
    stage: { width: number; height: number },
    own: boolean,
  ): Keyframe[] | null {
    if (kind === 'positioned') return positionedFrames(c, stage.width, stage.height);
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    const fromBottom = kind === 'bottom';
    const dir = kind === 'ltr' ? 1 : -1;
    // An own comment is placed at the moment it is sent, the others at their stime (where they are).
    const now = own ? this.now : c.stime;
    const scrolling = kind === 'rtl' || kind === 'ltr';
    const req = { key: el, now, w, h, life, fromBottom, dir, scrolling, force: own } as const;
    const placed = this.space.place(req, laneStage(stage, this.bottomBand));
    if (!placed) return null;
    placed.evicted.forEach((e) => {
      const gone = this.live.get(e);
      if (gone) this.remove(gone);
    });
    const { y } = placed;
    el.style.top = `${y}px`;
    const W = stage.width;
    if (kind === 'rtl') return [{ transform: `translateX(${W}px)` }, { transform: `translateX(${-w}px)` }];
    if (kind === 'ltr') return [{ transform: `translateX(${-w}px)` }, { transform: `translateX(${W}px)` }];
    const centred = `translateX(${(W - w) / 2}px)`;
    return [
      { transform: centred, opacity: c.opacity },
      { transform: centred, opacity: c.opacity },
    ];
  }

  private remove(item: Live) {
    item.anim.cancel();
    item.el.remove();
    this.live.delete(item.el);
    this.space.release(item.el);
  }

  private clear() {
    for (const item of [...this.live.values()]) this.remove(item);
    this.space.clear();
  }

  destroy() {
    clearInterval(this.timer);
    this.off();
    this.clear();
  }
}
