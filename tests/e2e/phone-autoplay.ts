/**
 * A phone's autoplay rule, for `addInitScript(phoneAutoplayRule, options)`: play() with sound is refused
 * until a real tap or key press. Headless Chromium lets sound start once Playwright has evaluated anything
 * in the page (its evaluations count as user gestures), so pages that must meet the rule get it here.
 * Runs in the page: nothing outside the function.
 */
export function phoneAutoplayRule(opts: { detachedMayPlay?: boolean } = {}) {
  let tapped = false;
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  for (const type of ['pointerdown', 'keydown']) {
    addEventListener(type, (e) => void (tapped ||= e.isTrusted), true);
  }
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    // detachedMayPlay: a browser that lets a detached <video> (the page's question) through but not
    // the player's own.
    if (this.muted || tapped || (opts.detachedMayPlay && !this.isConnected)) return play.call(this);
    return Promise.reject(new DOMException('play() needs a tap', 'NotAllowedError'));
  };
}
