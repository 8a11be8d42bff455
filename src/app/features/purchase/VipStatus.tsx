import { AccountText, type UserInfo, CommonText } from '../../../contract';
import { vipExpiryText } from './vip-text';

/** VIP expiry line of Mine and the top-up page. */
export function VipStatus({ user }: { user: UserInfo | undefined }) {
  return (
    <div className="vip-status">
      {AccountText.vipExpiry}
      {CommonText.colon}
      <strong data-testid="vip-expiry">{user ? vipExpiryText(user) : '…'}</strong>
    </div>
  );
}
