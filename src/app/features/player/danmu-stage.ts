import { PLAYER } from '../../../contract';
import { cssColor, danmuKind, danmuLife, DANMU_MAX_ON_SCREEN, type Danmu, type DanmuKind } from './danmu';
import { DanmuSpace } from './danmu-lanes';
import { positionedFrames } from './danmu-positioned';
import { DanmuTimeline } from './danmu-schedule';

interface Live {
  el: HTMLElement;
  anim: Animation;
}

/**
 * The comment engine on the video clock: a 10 ms tick (§9) launches comments as their stime comes,
 * each a text-only span moved by the Web Animations API, so pausing, playbackRate and a seek's
 * resync apply to every comment at once. Text goes in through textContent, never as HTML.
 */
export class DanmuStage {
  private readonly timeline: DanmuTimeline<Danmu>;
  private readonly spaces = {
    scroll: new DanmuSpace(true),
    ltr: new DanmuSpace(true),
    top: new DanmuSpace(false),
    bottom: new DanmuSpace(false),
  };
  private readonly live = new Set<Live>();
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
    for (const { anim } of this.live) {
      anim.playbackRate = rate;
      if (run) anim.play();
      else anim.pause();
    }
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
    el.className = `ink-danmu-item ${kind}${c.border || own ? ' border' : ''}${c.shadow ? '' : ' flat'}`;
    el.textContent = c.text;
    el.dataset.stime = String(c.stime);
    el.style.fontSize = `${c.size}px`;
    el.style.color = cssColor(c.color);
    if (c.font) el.style.fontFamily = c.font;
    if (kind !== 'positioned') el.style.opacity = String(c.opacity);
    this.root.append(el);
    const stage = { width: this.root.clientWidth, height: this.root.clientHeight };
    const frames = this.framesFor(c, kind, el, life, stage);
    const anim = el.animate(frames, { duration: life, easing: 'linear', fill: 'forwards' });
    anim.currentTime = elapsed;
    anim.playbackRate = this.video.playbackRate || 1;
    if (!this.running) anim.pause();
    const item = { el, anim };
    this.live.add(item);
    anim.onfinish = () => this.remove(item);
  }

  private framesFor(
    c: Danmu,
    kind: DanmuKind,
    el: HTMLElement,
    life: number,
    stage: { width: number; height: number },
  ): Keyframe[] {
    if (kind === 'positioned') return positionedFrames(c, stage.width, stage.height);
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    const space =
      kind === 'ltr'
        ? this.spaces.ltr
        : kind === 'top'
          ? this.spaces.top
          : kind === 'bottom'
            ? this.spaces.bottom
            : this.spaces.scroll;
    const fromBottom = kind === 'bottom';
    const y = space.place({ now: c.stime, w, h, life, fromBottom }, stage);
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
    this.live.delete(item);
  }

  private clear() {
    for (const item of [...this.live]) this.remove(item);
    Object.values(this.spaces).forEach((s) => s.clear());
  }

  destroy() {
    clearInterval(this.timer);
    this.off();
    this.clear();
  }
}
