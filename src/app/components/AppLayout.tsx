import { Outlet, useMatches } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { routeDepth, slideDirection, type SlideDirection } from '../lib/transitions';
import { AfterFirstPaint } from './AfterFirstPaint';
import { InLaterTask } from './InLaterTask';
import { InstallBanner } from './InstallBanner';
import { IosInstallSheet } from './IosInstallSheet';
import { OfflineBanner } from './OfflineBanner';
import { TabBar } from './TabBar';
import { Toaster } from './Toaster';
import { UpdatePrompt } from './UpdatePrompt';

interface View {
  routeId: string;
  depth: number;
  dir: SlideDirection;
}

/**
 * Root layout: the screen (sliding by depth), its tab bar (comics or video), and the shell's overlays.
 * `background`: what runs on every screen without showing (the root route passes the download queue).
 */
export function AppLayout({ background }: { background?: ReactNode }) {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const tabs = leaf?.staticData?.tabs;
  const routeId = leaf?.routeId ?? '';
  const depth = routeDepth(leaf?.pathname ?? '/', Boolean(tabs));

  // A new screen (not a param change of the same one) picks its slide from the depth it came from.
  const [view, setView] = useState<View>({ routeId, depth, dir: 'none' });
  if (view.routeId !== routeId) setView({ routeId, depth, dir: slideDirection(view.depth, depth) });

  return (
    <div className={tabs ? 'app with-tabs' : 'app'}>
      <OfflineBanner />
      <div key={view.routeId} className={`route-view slide-${view.dir}`}>
        <Outlet />
      </div>
      {/* The shell's parts after the screen's own, during a first load (InLaterTask). */}
      <InLaterTask>
        {routeId === '/home' && <InstallBanner />}
        {tabs && <TabBar kind={tabs} />}
        <UpdatePrompt />
        <IosInstallSheet />
      </InLaterTask>
      <Toaster />
      {background && <AfterFirstPaint>{background}</AfterFirstPaint>}
    </div>
  );
}
