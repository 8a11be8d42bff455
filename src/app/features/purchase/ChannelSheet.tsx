import { AccountText, Msg, type PayConfig, type PaySubType } from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { SupportChatLink } from '../support/SupportLinks';
import { discounted, formatYuan, SUPERIOR_ICON } from './packages';

/** The pay-channel popup: the chosen package, the channels for this app type, the 2-minute warning. */
export function ChannelSheet({
  open,
  selected,
  channels,
  busy,
  onPay,
  onClose,
}: {
  open: boolean;
  selected: PayConfig | undefined;
  channels: PaySubType[];
  busy: boolean;
  onPay: (c: PaySubType) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={AccountText.choosePayChannel}
      onClose={onClose}
      className="pay-sheet"
      actions={[{ label: Msg.cancel, onClick: onClose }]}
    >
      {selected && (
        <p className="sheet-summary">
          {selected.type === 'coin' ? `${selected.itemCount}${AccountText.coinsUnit}` : selected.title}
          <strong>¥{formatYuan(selected.amountLevel)}</strong>
        </p>
      )}
      {channels.length === 0 ? (
        <p className="sheet-down" role="alert">
          {Msg.channelsDown} <SupportChatLink position="purchase_no_channel" />
        </p>
      ) : (
        <ul className="sheet-channels">
          {channels.map((c) => {
            const price = selected ? discounted(selected.amountLevel, c.discount) : 0;
            const off = c.discount > 0 && c.discount < 1;
            return (
              <li key={c.subTypeCode}>
                <button
                  type="button"
                  className="channel"
                  disabled={busy || !selected}
                  onClick={() => onPay(c)}
                >
                  <span className={`channel-icon ${c.superiorCode}`} aria-hidden="true">
                    {SUPERIOR_ICON[c.superiorCode]}
                  </span>
                  <span className="channel-name">{c.subTypeDesc}</span>
                  {off && <span className="channel-off">{AccountText.discount(c.discount)}</span>}
                  {selected && <span className="channel-price">¥{formatYuan(price)}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {busy && <p role="status">{AccountText.paying}</p>}
      <p className="pay-warning">⚠ {AccountText.payWithin}</p>
    </Dialog>
  );
}
