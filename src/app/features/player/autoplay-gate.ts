import { useEffect, useState } from 'react';
import blankVideo from './assets/blank.mp4?no-inline';
import { playRefused } from './media-actions';

/**
 * Whether this page may start the video with sound by itself, asked before the player is built.
 *
 * Phones refuse play() with sound until the visitor taps. Where they do, building hls.js and plyr at
 * once only fetched the start of a video nobody had asked for yet: on a phone's CPU their start-up
 * was the video page's longest main-thread work (~140 ms, seven tasks, each holding taps and scrolls).
 * Where it is refused the player waits behind its poster and the manual-play prompt, and is built on
 * the tap (the tap also unlocks a <video> for browsers that want the gesture on the element itself).
 *
 * - 'probing': not known yet (a few milliseconds: the refusal is immediate);
 * - 'open': autoplay is off in the settings, play() is allowed, or the answer is not known (the
 *   player is built at once, as it always was);
 * - 'tap': play() with sound was refused: wait for the visitor.
 */
export type AutoplayGate = 'probing' | 'open' | 'tap';

/**
 * Asks the browser with a silent clip in a detached <video>: a refusal is what the player's own
 * play() would meet. Anything else (allowed, or an error that says nothing about the policy) opens.
 */
export async function probeAutoplay(src: string = blankVideo): Promise<Exclude<AutoplayGate, 'probing'>> {
  // The browser is asked even where the page has been tapped already (navigator.userActivation): WebKit
  // wants the gesture on the element itself, and an answer is only a few milliseconds away.
  const probe = document.createElement('video');
  probe.playsInline = true;
  probe.preload = 'auto';
  probe.src = src;
  try {
    await probe.play();
    return 'open';
  } catch (err) {
    return playRefused(err) ? 'tap' : 'open';
  } finally {
    probe.pause();
    probe.removeAttribute('src');
    probe.load();
  }
}

/** The gate of one page's player: asked once, when autoplay is on. */
export function useAutoplayGate(autoplay: boolean): AutoplayGate {
  const [gate, setGate] = useState<AutoplayGate>(() => (autoplay ? 'probing' : 'open'));
  useEffect(() => {
    if (gate !== 'probing') return;
    let live = true;
    void probeAutoplay().then((g) => live && setGate(g));
    return () => {
      live = false;
    };
  }, [gate]);
  return gate;
}

/**
 * A <video> played and paused inside the tap's handler: browsers that want the gesture on the element
 * (WebKit) let it start later, after the player's code has loaded; others remember the tap anyway.
 */
export function unlockedVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  video.playsInline = true;
  video.play()?.catch(() => undefined);
  video.pause();
  return video;
}
