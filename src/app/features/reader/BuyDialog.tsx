import { useState } from 'react';
import { Msg, type ChapterUnpaid, ReaderChromeText } from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { setAutoBuy, useAutoBuy } from '../../lib/device/auto-buy';

/** Price, balance, the VIP note for VIP-free books, 自动购买下一话 and 购买本章节 (spec §2 reader). */
export function BuyDialog({
  open,
  unpaid,
  balance,
  buying,
  onBuy,
  onClose,
}: {
  open: boolean;
  unpaid: ChapterUnpaid;
  /** The freshest balance known (user info), else the one in the 999 answer. */
  balance: number;
  buying: boolean;
  onBuy: () => void;
  onClose: () => void;
}) {
  const stored = useAutoBuy(unpaid.bookId);
  // The tick shows at once; the device list catches up a moment later.
  const [ticked, setTicked] = useState<boolean>();
  const auto = ticked ?? stored;
  return (
    <Dialog open={open} onClose={onClose} title={unpaid.title} className="buy-dialog">
      <p className="buy-price">
        {ReaderChromeText.chapterPrice}
        <strong>{unpaid.price}</strong>
        {Msg.coins}
      </p>
      <p className="buy-balance">
        {ReaderChromeText.myBalance}
        {balance}
        {Msg.coins}
      </p>
      {unpaid.bookVipFree && <p className="buy-vip">{Msg.vipFreeNote}</p>}
      <label className="buy-auto">
        <input
          type="checkbox"
          checked={auto ?? false}
          disabled={auto === undefined}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setTicked(on);
            void setAutoBuy(unpaid.bookId, on);
          }}
        />
        {Msg.autoBuyNext}
      </label>
      <button type="button" className="buy-button dialog-action primary" disabled={buying} onClick={onBuy}>
        {Msg.buyChapter}
      </button>
      <button type="button" className="buy-cancel" onClick={onClose}>
        {Msg.cancel}
      </button>
    </Dialog>
  );
}
