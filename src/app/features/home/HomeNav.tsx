import { Link } from '@tanstack/react-router';
import { useCommonInfo } from '../account/useCommonInfo';
import { CoinIcon, PhoneIcon, PlayIcon, TrophyIcon } from './icons';

/** Navigation entries: ranking, anime videos, top-up, app (spec §2 home). */
export function HomeNav() {
  const { data: info } = useCommonInfo();
  return (
    <nav className="home-nav" aria-label="快捷入口">
      <Link to="/home/day-ranked" className="home-nav-item">
        <span className="home-nav-icon icon-rank">
          <TrophyIcon />
        </span>
        排行
      </Link>
      <Link to="/vod" className="home-nav-item">
        <span className="home-nav-icon icon-vod">
          <PlayIcon />
        </span>
        动漫视频
      </Link>
      <Link to="/purchase" className="home-nav-item">
        <span className="home-nav-icon icon-pay">
          <CoinIcon />
        </span>
        充值
      </Link>
      <a
        href={info?.appDownloadUrl || undefined}
        target="_blank"
        rel="noopener noreferrer"
        className="home-nav-item"
        aria-disabled={!info?.appDownloadUrl}
      >
        <span className="home-nav-icon icon-app">
          <PhoneIcon />
        </span>
        APP
      </a>
    </nav>
  );
}
