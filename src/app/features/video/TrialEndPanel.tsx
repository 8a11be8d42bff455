import { Msg, needCoinsToWatch } from '../../../contract';

/** Shown instead of the player when the trial is over or not allowed (spec §2 video detail). */
export function TrialEndPanel({ price, busy, onBuy }: { price: number; busy: boolean; onBuy: () => void }) {
  return (
    <div className="vod-trial-end" role="region" aria-label={Msg.trialOver}>
      <h2>{Msg.trialOver}</h2>
      <p className="vod-trial-need">{needCoinsToWatch(price)}</p>
      <p className="vod-trial-note">{Msg.buyForever}</p>
      <button type="button" className="vod-buy-btn" disabled={busy} onClick={onBuy}>
        {Msg.buyVideo}
      </button>
    </div>
  );
}
