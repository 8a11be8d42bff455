import { useEffect, useState } from 'react';
import { SecureImage } from '../../components/SecureImage';
import { pauseAdVisible, type PlayerAdvert } from './pause-ad';
import { playerText, type PlayerLang } from '../../../contract';

/** The pause advert: centred, 60% by 50% of the player, closable; its link opens in a new tab. */
export function PauseAd({
  video,
  advert,
  previewOver,
  lang,
}: {
  video: HTMLVideoElement;
  advert: PlayerAdvert;
  previewOver: boolean;
  lang: PlayerLang;
}) {
  // The advert can come after playback began (the page finds it while the video starts): it reads
  // where the video is rather than waiting for a 'play' event that has already gone by.
  const [media, setMedia] = useState(() => ({
    paused: video.paused,
    ended: video.ended,
    started: !video.paused || video.currentTime > 0,
  }));
  const [closed, setClosed] = useState(false);
  const t = playerText(lang);

  useEffect(() => {
    const onPlay = () => {
      setClosed(false);
      setMedia({ paused: false, ended: false, started: true });
    };
    const onPause = () => setMedia((m) => ({ ...m, paused: true, ended: video.ended }));
    const onEnded = () => setMedia((m) => ({ ...m, paused: true, ended: true }));
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    return () => {
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
    };
  }, [video]);

  if (!pauseAdVisible({ ...media, previewOver, closed })) return null;
  return (
    <div className="ink-pause-ad" role="complementary" aria-label={advert.title ?? t.forMoreInfo}>
      <a href={advert.adUrl} target="_blank" rel="noopener noreferrer" className="ink-pause-ad-link">
        <SecureImage
          src={advert.coverUrl}
          width={750}
          height={300}
          alt={advert.title ?? t.forMoreInfo}
          eager
        />
        <span className="ink-pause-ad-more">{t.forMoreInfo}</span>
      </a>
      <button
        type="button"
        className="ink-pause-ad-close"
        aria-label={t.closeAd}
        onClick={() => setClosed(true)}
      >
        ×
      </button>
    </div>
  );
}
