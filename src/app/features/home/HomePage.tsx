import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Msg, HomeText, ListTitle, type UserInfo } from '../../../contract';
import { bookKeys, fetchHome, fetchThreeD, inlinedHomeAds } from '../../lib/api/books';
import { useUserField } from '../../lib/user';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { InLaterTask } from '../../components/InLaterTask';
import { PlainLink } from '../../components/PlainLink';
import { Progressive } from '../../components/Progressive';
import { WhenNearView } from '../../components/WhenNearView';
import { AdSlot } from '../lists/AdSlot';
import { DailyUpdateBox } from './DailyUpdateBox';
import { DownloadBanner } from './DownloadBanner';
import { HeaderActions } from './HeaderActions';
import { HomeNav } from './HomeNav';
import { HomeSection } from './HomeSection';
import { RecentReads } from './RecentReads';
import { SearchIcon } from './icons';
import { shouldLoadThreeD } from './three-d';
import '../comics/comics.css';
import '../lists/lists.css';
import './home.css';

// Dialogs that open after the first screen is up: their code loads after the first paint.
const DailySignDialog = lazy(() =>
  import('../account/DailySignDialog').then((m) => ({ default: m.DailySignDialog })),
);
const PayResultPrompt = lazy(() =>
  import('../purchase/PayResultPrompt').then((m) => ({ default: m.PayResultPrompt })),
);

const pickRecharged = (u: UserInfo) => u.recharged;

/**
 * /home (spec §2 Home). It re-renders as its answers come in during the first load; the parts above
 * the sections (header, banner, carousel, quick links, daily update) are memoised, so each
 * of those renders redraws only what changed instead of the whole first screen.
 */
export function HomePage() {
  const home = useQuery({ queryKey: bookKeys.home(), queryFn: fetchHome });
  const [noInlinedAds] = useState(() => inlinedHomeAds()?.length === 0);
  const recharged = useUserField(pickRecharged);
  const threeDOn = shouldLoadThreeD(new Date(), recharged ?? false);
  const threeD = useQuery({ queryKey: bookKeys.threeD(), queryFn: fetchThreeD, enabled: threeDOn });
  // Sections appear together, so a late Three-D answer never pushes the ones below it.
  const d = threeDOn && threeD.isPending ? undefined : home.data;
  // Below the fold: built one per frame after the first screen is painted (first showing only).
  const sections = d
    ? [
        <HomeSection
          key="e_recommend"
          type="e_recommend"
          title={ListTitle.recommend}
          initial={d.recommendList}
          more="/home/recommend"
        />,
        ...(threeDOn && threeD.data
          ? [
              <HomeSection
                key="three_d"
                type="three_d"
                title={ListTitle.threeD}
                initial={threeD.data.bookList}
                more="/home/three-d"
              />,
            ]
          : []),
        <HomeSection
          key="new_on"
          type="new_on"
          title={ListTitle.newOn}
          initial={d.newOnList}
          more="/home/new-on"
        />,
        <HomeSection key="new" type="new" title={ListTitle.latest} initial={d.newList} more="/home/latest" />,
        <HomeSection
          key="kkbg"
          type="kkbg"
          title={ListTitle.kkbg}
          initial={d.kkbgList}
          more="/home/kkbg"
          layout="wide"
        />,
        <HomeSection
          key="hot"
          type="hot"
          title={ListTitle.ranked}
          initial={d.hotList}
          more="/home/ranked"
          layout="rank"
        />,
      ]
    : [];
  return (
    <main className="home">
      <header className="home-header">
        <h1 className="home-logo">{HomeText.logo}</h1>
        <PlainLink link={{ to: '/search' }} className="home-search" aria-label={HomeText.searchLink}>
          <SearchIcon /> {Msg.searchPlaceholder}
        </PlainLink>
        <HeaderActions />
      </header>
      <DownloadBanner />
      {/* Its space stays reserved until the sections come (Three-D may hold them back a moment), unless
          the answer inlined in the page already says there is no ad: reserved, then dropped, moved
          everything below up by the banner's height. */}
      <AdSlot slot="home" fresh={d?.adList} pending={!d && !home.isError && !noInlinedAds} />
      {/* During a first load each in a task of its own (InLaterTask). */}
      <InLaterTask>
        <HomeNav />
      </InLaterTask>
      <InLaterTask>
        <DailyUpdateBox />
      </InLaterTask>
      <Progressive
        screen="home"
        after={
          // Device storage (Dexie) loads when the history's place comes near: it is far below the fold.
          <WhenNearView>
            <RecentReads />
          </WhenNearView>
        }
      >
        {sections}
      </Progressive>
      {home.isError && !d && <div className="list-status">{Msg.loadFailed}</div>}
      {/* Each on its own: one idle callback and one render for both was a long task on a phone. */}
      <AfterFirstPaint>
        <DailySignDialog />
      </AfterFirstPaint>
      <AfterFirstPaint>
        <PayResultPrompt />
      </AfterFirstPaint>
    </main>
  );
}
