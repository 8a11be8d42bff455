import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Code, Msg } from '../../../contract';
import { showToast } from '../../components/toast-store';
import { buyVod, vodKeys } from '../../lib/api/vods';
import { userKeys } from '../../lib/user';
import { errorMessage } from '../purchase/api-error';

/** Go to top-up this long after a 999 answer (spec §4 Video). */
export const RECHARGE_DELAY_MS = 1_000;

/**
 * Buying a video: 200 shows the message and reloads the detail (watch answer, coins, purchased list);
 * 999 shows the message and goes to /purchase after 1 s; anything else shows the message.
 */
export function useVodBuy(vodId: number) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const buy = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const res = await buyVod(vodId);
      if (res.result && res.code === Code.OK) {
        showToast(res.msg && res.msg !== Msg.ok ? res.msg : Msg.buySuccess);
        await Promise.all([
          qc.invalidateQueries({ queryKey: vodKeys.watch(vodId) }),
          qc.invalidateQueries({ queryKey: userKeys.info() }),
          qc.invalidateQueries({ queryKey: vodKeys.orders() }),
        ]);
      } else if (res.code === Code.UNPAID) {
        showToast(res.msg || Msg.notEnoughCoins);
        setTimeout(() => void navigate({ to: '/purchase' }), RECHARGE_DELAY_MS);
      } else {
        showToast(res.msg || Msg.loadFailed);
      }
    } catch (err) {
      showToast(await errorMessage(err, Msg.loadFailed));
    } finally {
      setBusy(false);
    }
  };
  return { buy, busy };
}
