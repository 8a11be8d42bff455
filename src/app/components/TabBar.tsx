import { Link } from '@tanstack/react-router';
import { TabIcon } from './TabIcon';
import { TabBarText } from '../../contract';

const COMIC_TABS = [
  { to: '/home', label: TabBarText.comics, icon: 'comic' },
  { to: '/category', label: TabBarText.category, icon: 'category' },
  { to: '/vod', label: TabBarText.watchVideo, icon: 'video' },
  { to: '/shelf', label: TabBarText.shelf, icon: 'star' },
  { to: '/user', label: TabBarText.mine, icon: 'user' },
] as const;

const VIDEO_TABS = [
  { to: '/vod', label: TabBarText.video, icon: 'video' },
  { to: '/search-vod', label: TabBarText.searchVideo, icon: 'search' },
  { to: '/home', label: TabBarText.readComics, icon: 'comic' },
  { to: '/shelf-vod', label: TabBarText.bought, icon: 'bag' },
  { to: '/user', label: TabBarText.mine, icon: 'user' },
  { to: '/purchase', label: TabBarText.topUp, icon: 'coin' },
] as const;

/**
 * The two tab bars of spec §2. The comics bar's floating top-up button is docked at its right end: a
 * round button standing out of the bar, but inside the bar's own strip, so at no scroll position does
 * it sit over a cover, a title or a row's › (issue 29; it used to float above the bar).
 */
export function TabBar({ kind }: { kind: 'comic' | 'video' }) {
  const tabs = kind === 'comic' ? COMIC_TABS : VIDEO_TABS;
  return (
    <nav className="tabbar" aria-label={kind === 'comic' ? TabBarText.comicNav : TabBarText.videoNav}>
      {tabs.map((t) => (
        <Link
          key={t.to}
          to={t.to}
          className="tab"
          activeProps={{ className: 'tab active', 'aria-current': 'page' }}
        >
          <span className="tab-icon" aria-hidden="true">
            <TabIcon name={t.icon} />
          </span>
          <span className="tab-label">{t.label}</span>
        </Link>
      ))}
      {kind === 'comic' && (
        <Link to="/purchase" className="fab-topup">
          {TabBarText.topUp}
        </Link>
      )}
    </nav>
  );
}
