import { Outlet, useMatches } from '@tanstack/react-router';
import { TabBar } from './TabBar';

/** Root layout: the screen, and the tab bar of its kind (comics or video). */
export function AppLayout() {
  const matches = useMatches();
  const tabs = matches[matches.length - 1]?.staticData?.tabs;
  return (
    <div className={tabs ? 'app with-tabs' : 'app'}>
      <Outlet />
      {tabs && <TabBar kind={tabs} />}
    </div>
  );
}
