import { useState } from 'react';
import { useUserInfo } from '../../lib/user';
import { isVipActive } from './selection';

/** Whether the user's VIP runs now (the time taken once per screen: a chooser lives seconds). */
export function useVipActive(): boolean {
  const user = useUserInfo();
  const [now] = useState(Date.now);
  return isVipActive(user.data?.vipEndDate, now);
}
