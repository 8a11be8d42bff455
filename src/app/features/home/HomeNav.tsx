import { Link } from '@tanstack/react-router';
import { useCommonInfo } from '../account/useCommonInfo';

/** Navigation entries: ranking, anime videos, top-up, app (spec §2 home). */
export function HomeNav() {
  const { data: info } = useCommonInfo();
  return (
    <nav className="home-nav" aria-label="快捷入口">
      <Link to="/home/day-ranked" className="home-nav-item">
        <span className="home-nav-icon rank" aria-hidden="true">
          🏆
        </span>
        排行
      </Link>
      <Link to="/vod" className="home-nav-item">
        <span className="home-nav-icon vod" aria-hidden="true">
          🎬
        </span>
        动漫视频
      </Link>
      <Link to="/purchase" className="home-nav-item">
        <span className="home-nav-icon pay" aria-hidden="true">
          💰
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
        <span className="home-nav-icon app" aria-hidden="true">
          📱
        </span>
        APP
      </a>
    </nav>
  );
}
