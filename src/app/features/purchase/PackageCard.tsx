import { AccountText, type PayConfig } from '../../../contract';
import { formatYuan } from './packages';

/** One coin or VIP package: price in yuan, what it gives, and its default / recommended marks. */
export function PackageCard({
  config,
  selected,
  onSelect,
}: {
  config: PayConfig;
  selected: boolean;
  onSelect: () => void;
}) {
  const yuan = formatYuan(config.amountLevel);
  return (
    <button
      type="button"
      className={selected ? 'pkg selected' : 'pkg'}
      aria-pressed={selected}
      onClick={onSelect}
    >
      <span className="pkg-title">
        {config.type === 'coin' ? `${config.itemCount}${AccountText.coinsUnit}` : config.title}
      </span>
      {config.type === 'coin' && config.presentCount > 0 && (
        <span className="pkg-bonus">
          {AccountText.bonus}
          {config.presentCount}
          {AccountText.coinsUnit}
        </span>
      )}
      {config.type === 'vip' && config.vipDays > 0 && (
        <span className="pkg-bonus">{AccountText.vipDays(config.vipDays)}</span>
      )}
      <span className="pkg-price">
        ¥<strong>{yuan}</strong>
      </span>
      {config.configDesc && <span className="pkg-desc">{config.configDesc}</span>}
      {/* The mark sits in a corner; last in the markup so the name (from this content, the text a reader
          sees) starts with what the package gives. The default package is preselected, not labelled. */}
      {config.isRecommend === 'Y' && <span className="pkg-mark rec">{AccountText.recommendMark}</span>}
    </button>
  );
}
