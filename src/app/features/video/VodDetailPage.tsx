import './video.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Code, Msg, type Vod, type VodInfo, VideoText, CommonText, playerLang } from '../../../contract';
import { Page } from '../../components/Page';
import { ApiError } from '../../lib/api/http';
import { keptVodInfoQuery, renewVodPlayUrl, watchQuery } from '../../lib/api/vods';
import { SecureImage } from '../../components/SecureImage';
import { getWatchedSeconds, setWatchedSeconds } from '../../lib/device/watch';
import { userKeys, useUserInfo } from '../../lib/user';
import { usePlaylist, type PlayerPlaylist } from '../player/playlist';
import { VideoPlayer } from '../player/VideoPlayer';
import { DanmuBarPlaceholder } from '../player/DanmuBarPlaceholder';
import { decideWatchMode, startTrialCounter, trialLimit } from './trial';
import { TrialEndPanel } from './TrialEndPanel';
import { useVodBuy } from './useVodBuy';
import { usePauseAdvert } from './usePauseAdvert';
import { usePosterUrl } from './usePosterUrl';
import { VodGrid } from './VodCard';
import { InLaterTask } from '../../components/InLaterTask';

const route = getRouteApi('/vod/detail');

/** The player's language: the browser's (spec §2 player overlays); Chinese where there is none (prerender). */
const pageLang = () => playerLang(typeof navigator === 'undefined' ? undefined : navigator.language);

const EmptyState = lazy(() => import('../../components/EmptyState').then((m) => ({ default: m.EmptyState })));

/** After the preview layer shows, the player gives way to the trial-end panel. */
const PREVIEW_END_DELAY_MS = 1_200;

/** /vod/detail?vodId=: player (trial or full), title, buy / bought, 充值 and 更多精彩推荐. */
export function VodDetailPage() {
  const { vodId } = route.useSearch();
  const qc = useQueryClient();
  const q = useQuery({ ...watchQuery(vodId ?? 0), enabled: vodId !== undefined });

  // Code 101: refresh the user info and ask for a reload (spec §8).
  const congested = q.error instanceof ApiError && q.error.code === Code.CONGESTION;
  useEffect(() => {
    if (congested) void qc.invalidateQueries({ queryKey: userKeys.info() });
  }, [congested, qc]);

  // No such video (removed, or a wrong link): say so, with the way to the video home, not 加载失败.
  const missing = q.error instanceof ApiError && q.error.code === Code.NOT_FOUND;
  const vod = q.data;
  // Title and poster at once when the phone has them (a first visit's page carries them).
  const info = useQuery({ ...keptVodInfoQuery(vodId ?? 0), enabled: vodId !== undefined && !vod }).data;
  // The playlist is this video, then its recommendations; a move shows the chosen video in place (its
  // watch call brings its stream and checks access) and keeps the list it was chosen from.
  const navigate = route.useNavigate();
  const go = useCallback((id: number) => void navigate({ search: { vodId: id }, replace: true }), [navigate]);
  const playlist = usePlaylist(vod, go);
  return (
    <Page title={vod?.vodName ?? info?.vodName ?? VideoText.title}>
      {missing ? (
        <Suspense fallback={null}>
          <EmptyState kind="vod" />
        </Suspense>
      ) : vodId === undefined || q.isError ? (
        <div className="list-status">
          {congested ? Msg.congestion : Msg.loadFailed}
          {vodId !== undefined && (
            <button type="button" className="list-retry" onClick={() => void q.refetch()}>
              {CommonText.reload}
            </button>
          )}
        </div>
      ) : !vod && info ? (
        <VodPreview info={info} />
      ) : !vod ? (
        <>
          <div className="vod-player-slot" aria-busy="true">
            <DanmuBarPlaceholder lang={pageLang()} />
          </div>
          <div className="list-status">{CommonText.loading}</div>
        </>
      ) : (
        <VodDetail key={vod.vodId} vod={vod} playlist={playlist} />
      )}
    </Page>
  );
}

/**
 * The poster in the player's place: one element for the preview and the page, so the page's takes the
 * preview's place at the very same size (a larger one would be a later largest paint).
 */
function SlotPoster({ src }: { src: string }) {
  return <SecureImage src={src} className="vod-slot-poster" width={16} height={9} alt="" eager />;
}

/** The page before the caller's watch answer: the poster in the player's place, the title and text. */
function VodPreview({ info }: { info: VodInfo }) {
  return (
    <>
      <div className="vod-player-slot" aria-busy="true">
        <DanmuBarPlaceholder lang={pageLang()} />
        <SlotPoster src={info.vodPoster} />
      </div>
      <section className="vod-info">
        <h2 className="vod-title">{info.vodName}</h2>
        {info.vodContent && <p className="vod-content">{info.vodContent}</p>}
      </section>
    </>
  );
}

function VodDetail({ vod, playlist }: { vod: Vod; playlist?: PlayerPlaylist }) {
  const user = useUserInfo();
  const balance = user.data?.avaliableAmount;
  const [watched, setWatched] = useState<number | null>(null);
  const { buy, busy } = useVodBuy(vod.vodId);
  const [lang] = useState(pageLang);
  const limit = trialLimit(vod);
  const playing = useRef(false);
  const poster = usePosterUrl(vod.vodPoster);
  const pauseAd = usePauseAdvert();

  useEffect(() => {
    let live = true;
    void getWatchedSeconds(vod.vodId).then((w) => live && setWatched(w));
    return () => {
      live = false;
    };
  }, [vod.vodId]);

  const mode = balance === undefined || watched === null ? null : decideWatchMode({ vod, balance, watched });

  // Trial seconds count while the video plays, up to the limit.
  useEffect(() => {
    if (mode !== 'trial') return;
    return startTrialCounter({
      vodId: vod.vodId,
      limit,
      isPlaying: () => playing.current && document.visibilityState === 'visible',
      onLimit: () => setWatched(limit),
    });
  }, [mode, vod.vodId, limit]);

  const endTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(endTimer.current), []);
  const onPreviewEnd = () => {
    clearTimeout(endTimer.current);
    endTimer.current = setTimeout(() => {
      void setWatchedSeconds(vod.vodId, limit).then(() => setWatched(limit));
    }, PREVIEW_END_DELAY_MS);
  };

  return (
    <>
      <div className="vod-player-slot">
        {/* The bar's place and the poster show at once, under the player while its code loads and starts. */}
        <DanmuBarPlaceholder lang={lang} />
        <SlotPoster src={vod.vodPoster} />
        {mode === 'full' && (
          <VideoPlayer
            vodId={vod.vodId}
            src={vod.vodPlayUrl}
            renewSrc={() => renewVodPlayUrl(vod.vodId)}
            poster={poster}
            lang={lang}
            progress
            markers={vod.markers}
            danmu={vod.danmuList}
            pauseAd={pauseAd}
            playerAds={vod.playerAds}
            onPlayingChange={(p) => (playing.current = p)}
            playlist={playlist}
          />
        )}
        {mode === 'trial' && (
          <VideoPlayer
            vodId={vod.vodId}
            src={vod.vodPlayUrl}
            poster={poster}
            lang={lang}
            progress={false}
            preview={limit}
            danmu={vod.danmuList}
            pauseAd={pauseAd}
            playerAds={vod.playerAds}
            onPreviewEnd={onPreviewEnd}
            onPlayingChange={(p) => (playing.current = p)}
            playlist={playlist}
          />
        )}
        {mode === 'ended' && <TrialEndPanel price={vod.vodPointsPlay} busy={busy} onBuy={() => void buy()} />}
      </div>
      <section className="vod-info">
        <h2 className="vod-title">{vod.vodName}</h2>
        {vod.vodContent && <p className="vod-content">{vod.vodContent}</p>}
        <div className="vod-actions">
          {vod.bought ? (
            <button type="button" className="vod-buy-btn bought" disabled>
              {Msg.videoBought}
            </button>
          ) : vod.vodPointsPlay > 0 ? (
            <>
              <button type="button" className="vod-buy-btn" disabled={busy} onClick={() => void buy()}>
                {Msg.buyVideo}
              </button>
              <span className="vod-price">
                {vod.vodPointsPlay}
                {Msg.coins}
              </span>
            </>
          ) : null}
          <Link to="/purchase" className="vod-recharge-btn">
            {Msg.recharge}
          </Link>
        </div>
        {balance !== undefined && (
          <p className="vod-balance">
            {VideoText.balance}
            {balance}
            {Msg.coins}
          </p>
        )}
      </section>
      {vod.guessLikeList.length > 0 && (
        <section className="vod-shelf" aria-labelledby="vod-more">
          <header className="vod-shelf-head">
            <h2 id="vod-more">{Msg.moreRecommend}</h2>
          </header>
          {/* During a first load in a task of its own (InLaterTask). */}
          <InLaterTask>
            <VodGrid vods={vod.guessLikeList} />
          </InLaterTask>
        </section>
      )}
    </>
  );
}
