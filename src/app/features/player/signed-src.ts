/**
 * A bought video's master URL is signed for a few minutes (/media/vod/{key}/s/{token}/master.m3u8,
 * token = vodId.userId.expiry.signature). Every playlist and segment hls.js asks for lies under that
 * signed prefix, so swapping the token in each request keeps one player going across renewals: no
 * new source, no reload, no lost buffer.
 */
const SIGNED =
  /^(.*?)(\/media\/vod\/[a-z0-9][a-z0-9_-]{0,63}\/s\/)((\d+\.\d+)\.(\d+)\.[A-Za-z0-9_-]+)(\/.*)$/;
/**
 * Media key, video and user of a signed URL: what stays the same when its token is renewed. The origin
 * does not count: hls.js asks for absolute URLs, the API answers paths.
 */
const sameVideo = (a: RegExpExecArray, b: RegExpExecArray) => a[2] === b[2] && a[4] === b[4];

/** Renew this long before the URL expires. */
export const RENEW_AHEAD_MS = 60_000;
/** After a failed renewal, try again after this long. */
export const RETRY_MS = 15_000;

/** Expiry (epoch ms) of a signed full-video URL; null for any other URL (a trial, an advert). */
export function signedExpiryMs(url: string): number | null {
  const m = SIGNED.exec(url);
  return m ? Number(m[5]) * 1000 : null;
}

/** `url` with the token of `fresh` when both lie under the same video's signed prefix; else as is. */
export function withTokenOf(url: string, fresh: string): string {
  const a = SIGNED.exec(url);
  const b = SIGNED.exec(fresh);
  if (!a || !b || !sameVideo(a, b)) return url;
  return `${a[1]}${a[2]}${b[3]}${a[6]}`;
}

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}
const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** Holds the newest signed URL of one video and renews it ahead of expiry while the player lives. */
export class SignedSource {
  private current: string;
  private timer: unknown = null;
  private pending: Promise<string> | null = null;
  private stopped = false;

  constructor(
    initial: string,
    private readonly renew: () => Promise<string>,
    private readonly timers: Timers = realTimers,
  ) {
    this.current = initial;
  }

  /** The newest URL of the master playlist. */
  latest(): string {
    return this.current;
  }

  /** A URL the page got meanwhile (a refetched watch answer): kept when it lasts longer. */
  offer(url: string): void {
    const exp = signedExpiryMs(url);
    const mine = signedExpiryMs(this.current);
    if (exp !== null && mine !== null && exp > mine && sourceKey(url) === sourceKey(this.current))
      this.current = url;
  }

  start(): void {
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * The URL to fetch for `url` (a playlist or segment under the signed prefix): with the newest token,
   * renewed first when that one has run out (a device that slept past the timer).
   */
  async urlFor(url: string): Promise<string> {
    const exp = signedExpiryMs(this.current);
    if (exp !== null && exp - this.timers.now() <= 0) await this.renewNow().catch(() => undefined);
    return withTokenOf(url, this.current);
  }

  /** Renews now (one call at a time). */
  renewNow(): Promise<string> {
    this.pending ??= this.renew()
      .then((url) => {
        if (signedExpiryMs(url) !== null) this.current = url;
        return this.current;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  private schedule(delay?: number): void {
    if (this.stopped) return;
    const exp = signedExpiryMs(this.current);
    if (exp === null) return;
    const wait = delay ?? Math.max(1000, exp - RENEW_AHEAD_MS - this.timers.now());
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.renewNow().then(
        () => this.schedule(),
        () => this.schedule(RETRY_MS),
      );
    }, wait);
  }
}

/** What names a player's source: a signed URL without its token (a renewed URL is the same source). */
export function sourceKey(url: string): string {
  const m = SIGNED.exec(url);
  return m ? `${m[2]}${m[4]}.*${m[6]}` : url;
}

/**
 * Where the browser plays HLS itself (no hls.js) requests cannot be rewritten: when a segment fails
 * (the URL ran out), load the renewed URL and go on from the same position. At most twice a minute.
 */
export function renewNativeOnError(video: HTMLVideoElement, signed: SignedSource): void {
  let last = 0;
  video.addEventListener('error', () => {
    if (Date.now() - last < 30_000) return;
    last = Date.now();
    const at = video.currentTime;
    const wasPlaying = !video.paused;
    void signed.renewNow().then(
      (url) => {
        video.addEventListener(
          'loadedmetadata',
          () => {
            video.currentTime = at;
            if (wasPlaying) void video.play().catch(() => undefined);
          },
          { once: true },
        );
        video.src = url;
      },
      () => undefined,
    );
  });
}
