import { useEffect, useMemo, useState } from 'react';
import type { StartAdvert as StartAdvertData } from '../../../contract';
import { PLAYER, playerText, type PlayerLang } from '../../../contract';
import { SecureImage } from '../../components/SecureImage';
import { checkAdDuration, startAdvertState, tickCountdown } from './ad-sequence';
import { playRefused, whenPlaying } from './media-actions';
import { AutoplayPrompt } from './Overlays';
import type { ResumeFound } from './useResume';

/** Why the advert cannot show (a developer error, spec §5), or null when its length is valid. */
function durationError(advert: StartAdvertData): unknown {
  try {
    checkAdDuration(advert.adDuration);
    return null;
  } catch (err) {
    return err;
  }
}

/** Whether the advert will show and hold the video (one of a valid length). */
export const holdsVideo = (advert: StartAdvertData): boolean => durationError(advert) === null;

/** As holdsVideo, and a bad length is reported: the video then plays without the advert. */
function validDuration(advert: StartAdvertData): boolean {
  const err = durationError(advert);
  if (err !== null) console.error('[player] start advert', err);
  return err === null;
}

/**
 * The start advert (spec §4): a full cover that holds the player paused while it counts down each
 * second, then removes itself and plays. It waits for the player's resume decision and does not play
 * at all when a saved position lies ahead of the current time (spec §4).
 */
export function StartAdvert({
  video,
  advert,
  lang,
  resume,
  autoplayPromptShown,
}: {
  video: HTMLVideoElement;
  advert: StartAdvertData;
  lang: PlayerLang;
  /** What the resume startup found; null until it has read the saved position. */
  resume: ResumeFound | null;
  /** The player's own manual-play prompt is up already: one prompt is enough. */
  autoplayPromptShown: boolean;
}) {
  const valid = useMemo(() => validDuration(advert), [advert]);
  const [remaining, setRemaining] = useState(() => Math.ceil(advert.adDuration));
  const [dropped, setDropped] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const decision = startAdvertState(resume);
  const showing = valid && !dropped && remaining > 0 && decision === 'play';
  const t = playerText(lang);

  // Decided once: a later seek or a closed prompt does not bring it back.
  if (!dropped && decision === 'skip') setDropped(true);

  // While it shows, the player stays paused (the player's own autoplay included).
  useEffect(() => {
    if (!showing) return;
    const hold = () => video.pause();
    hold();
    video.addEventListener('play', hold);
    const timer = setInterval(() => setRemaining((r) => tickCountdown(r, false)), PLAYER.adTickMs);
    return () => {
      video.removeEventListener('play', hold);
      clearInterval(timer);
    };
  }, [showing, video]);

  // At zero it is gone and the video plays.
  const finished = valid && !dropped && remaining === 0;
  useEffect(() => {
    if (!finished) return;
    video.play().catch((err: unknown) => playRefused(err) && setBlocked(true));
  }, [finished, video]);

  // Its manual-play prompt goes once the video plays, however it started.
  useEffect(() => {
    if (!blocked) return;
    return whenPlaying(video, () => setBlocked(false));
  }, [blocked, video]);

  if (blocked && !autoplayPromptShown) {
    return (
      <AutoplayPrompt
        lang={lang}
        onPlay={() => {
          setBlocked(false);
          void video.play().catch(() => setBlocked(true));
        }}
      />
    );
  }
  if (!showing) return null;
  return (
    <div className="ink-start-ad" data-player-ad role="region" aria-label={t.advert}>
      <a href={advert.adUrl} target="_blank" rel="noopener noreferrer" className="ink-start-ad-link">
        <SecureImage src={advert.coverUrl} width={16} height={9} alt={t.forMoreInfo} eager />
      </a>
      <span className="ink-ad-countdown" role="timer" aria-label={`${t.advert} ${remaining}`}>
        {t.advert} {remaining}
      </span>
    </div>
  );
}
