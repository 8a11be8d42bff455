import { memo } from 'react';
import { PlainLink } from '../../components/PlainLink';
import { useAppEntry } from '../account/useAppEntry';
import { CoinIcon, PhoneIcon, PlayIcon, TrophyIcon } from './icons';
import { HomeText } from '../../../contract';

const AppLabel = () => (
  <>
    <span className="home-nav-icon icon-app">
      <PhoneIcon />
    </span>
    APP
  </>
);

/**
 * Navigation entries: ranking, anime videos, top-up, app (spec §2 home). APP is the download link when
 * one is configured, else add to home screen as on Mine.
 */
export const HomeNav = memo(function HomeNav() {
  const app = useAppEntry();
  return (
    <nav className="home-nav" aria-label={HomeText.quickLinks}>
      <PlainLink link={{ to: '/home/day-ranked' }} className="home-nav-item">
        <span className="home-nav-icon icon-rank">
          <TrophyIcon />
        </span>
        {HomeText.ranking}
      </PlainLink>
      <PlainLink link={{ to: '/vod' }} className="home-nav-item">
        <span className="home-nav-icon icon-vod">
          <PlayIcon />
        </span>
        {HomeText.animeVideos}
      </PlainLink>
      <PlainLink link={{ to: '/purchase' }} className="home-nav-item">
        <span className="home-nav-icon icon-pay">
          <CoinIcon />
        </span>
        {HomeText.topUp}
      </PlainLink>
      {app.downloadUrl ? (
        <a href={app.downloadUrl} target="_blank" rel="noopener noreferrer" className="home-nav-item">
          <AppLabel />
        </a>
      ) : (
        <button type="button" className="home-nav-item" onClick={() => void app.install()}>
          <AppLabel />
        </button>
      )}
    </nav>
  );
});
