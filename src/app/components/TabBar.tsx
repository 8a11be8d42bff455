import { Link } from '@tanstack/react-router';
import { TabIcon } from './TabIcon';
import { useTuckWhileScrolling } from './useTuckWhileScrolling';
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

/** The two tab bars of spec §2. The comics bar has a floating top-up button. */
export function TabBar({ kind }: { kind: 'comic' | 'video' }) {
  const tabs = kind === 'comic' ? COMIC_TABS : VIDEO_TABS;
  const tucked = useTuckWhileScrolling();
  return (
    <nav className="tabbar" aria-label={kind === 'comic' ? TabBarText.comicNav : TabBarText.videoNav}>
      {/* Inside the navigation landmark, so a screen reader finds it with the tabs (it floats above them). */}
      {kind === 'comic' && (
        <Link to="/purchase" className={tucked ? 'fab-topup tucked' : 'fab-topup'}>
          {TabBarText.topUp}
        </Link>
      )}
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
    </nav>
  );
}
