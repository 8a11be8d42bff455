import { Link } from '@tanstack/react-router';
import { TabIcon } from './TabIcon';
import { useTuckWhileScrolling } from './useTuckWhileScrolling';

const COMIC_TABS = [
  { to: '/home', label: '漫画', icon: 'comic' },
  { to: '/category', label: '分类', icon: 'category' },
  { to: '/vod', label: '看视频', icon: 'video' },
  { to: '/shelf', label: '收藏', icon: 'star' },
  { to: '/user', label: '我的', icon: 'user' },
] as const;

const VIDEO_TABS = [
  { to: '/vod', label: '视频', icon: 'video' },
  { to: '/search-vod', label: '搜视频', icon: 'search' },
  { to: '/home', label: '看漫画', icon: 'comic' },
  { to: '/shelf-vod', label: '已购', icon: 'bag' },
  { to: '/user', label: '我的', icon: 'user' },
  { to: '/purchase', label: '充值', icon: 'coin' },
] as const;

/** The two tab bars of spec §2. The comics bar has a floating top-up button. */
export function TabBar({ kind }: { kind: 'comic' | 'video' }) {
  const tabs = kind === 'comic' ? COMIC_TABS : VIDEO_TABS;
  const tucked = useTuckWhileScrolling();
  return (
    <nav className="tabbar" aria-label={kind === 'comic' ? '漫画导航' : '视频导航'}>
      {/* Inside the navigation landmark, so a screen reader finds it with the tabs (it floats above them). */}
      {kind === 'comic' && (
        <Link to="/purchase" className={tucked ? 'fab-topup tucked' : 'fab-topup'}>
          充值
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
