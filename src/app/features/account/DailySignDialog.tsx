import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import {
  AccountText,
  Msg,
  MineText,
  OfflineText,
  type DailySignConfig,
  type UserInfo,
} from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { showToast } from '../../components/Toaster';
import { useOnline } from '../../lib/online';
import { accountKeys, dailySign, fetchDailySignConfig } from '../../lib/api/account';
import { KvKey, kvGet, kvSet } from '../../lib/kv';
import { updateUser } from '../../lib/session';
import { userKeys, useUserInfo } from '../../lib/user';
import { todayIso } from './calendar';
import { errorMessage } from '../purchase/api-error';
import { usePayPromptBusy } from '../purchase/pay-prompt-state';
import { registerDailySignOpener } from './daily-sign-opener';
import { afterSign, signStrip } from './sign-strip';
import { MineIcon } from './icons';
import '../../components/actions.css';
import './account.css';

/**
 * Whether the dialog has already shown today (by itself or opened by hand), from the device's store, and
 * the call that records a showing. Read asynchronously: the dialog mounts during a first load, and a
 * first localStorage read is a synchronous call into the browser that took up to 15 ms there.
 */
function useShownToday(): [shownToday: boolean | undefined, markShown: () => void] {
  const [shownToday, setShownToday] = useState<boolean>();
  useEffect(() => {
    let live = true;
    kvGet<string>(KvKey.dailySignAutoShown).then(
      // Shown by hand meanwhile: that counts, whatever the store said before.
      (day) => live && setShownToday((now) => now === true || day === todayIso()),
      () => live && setShownToday((now) => now === true),
    );
    return () => {
      live = false;
    };
  }, []);
  const markShown = useCallback(() => {
    setShownToday(true);
    // Private mode without storage: the dialog may open again on another visit, nothing worse.
    kvSet(KvKey.dailySignAutoShown, todayIso()).catch(() => undefined);
  }, []);
  return [shownToday, markShown];
}

type Result = { ok: true; coins: number } | { ok: false; msg: string };

/**
 * The daily sign-in dialog (spec §4): opens by itself once a day while today is not signed, or by
 * `openDailySign()`. Shows the 7-day strip (VIP amounts for VIP users) with the current day.
 */
export function DailySignDialog({ auto = true }: { auto?: boolean }) {
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const { data: config } = useQuery({
    queryKey: accountKeys.dailySign(),
    queryFn: fetchDailySignConfig,
    staleTime: 60_000,
  });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    return registerDailySignOpener(() => {
      // Signing in needs the server: offline, a cached strip would offer a button that cannot work.
      if (!navigator.onLine) return showToast(OfflineText.signNeedsNetwork);
      setResult(null);
      setOpen(true);
    });
  }, []);

  // Decided once, when the config first arrives: open by itself if today is not signed yet, after
  // the pay-result prompt (if any) has been answered.
  const [autoShownToday, markShownToday] = useShownToday();
  const [autoDecided, setAutoDecided] = useState(false);
  const [autoPending, setAutoPending] = useState(false);
  // Offline it waits: it decides once the phone is back online.
  const online = useOnline();
  if (!autoDecided && online && config !== undefined && autoShownToday !== undefined) {
    setAutoDecided(true);
    if (auto && config && !config.signedToday && !autoShownToday) setAutoPending(true);
  }
  const payPromptBusy = usePayPromptBusy();
  const shown = open || (autoPending && !payPromptBusy);
  useEffect(() => {
    if (shown) markShownToday();
  }, [shown, markShownToday]);

  const vip = user !== undefined && user.vipType !== 'none';
  const days = config ? signStrip(config, vip) : [];

  const sign = async () => {
    if (!config) return;
    setBusy(true);
    try {
      const res = await dailySign();
      if (!res.result) {
        setResult({ ok: false, msg: res.msg });
        void queryClient.invalidateQueries({ queryKey: accountKeys.dailySign() });
        return;
      }
      queryClient.setQueryData<DailySignConfig | null>(accountKeys.dailySign(), (c) =>
        c ? afterSign(c, res.data) : c,
      );
      const balance = res.data.avaliableAmount;
      if (user && balance !== undefined) {
        const next: UserInfo = { ...user, avaliableAmount: balance };
        queryClient.setQueryData<UserInfo>(userKeys.info(), next);
        await updateUser(next);
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      setResult({ ok: true, coins: res.data.receiveCount });
    } catch (err) {
      setResult({ ok: false, msg: await errorMessage(err, Msg.serverError) });
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setOpen(false);
    setAutoPending(false);
  };
  const signed = config?.signedToday ?? false;

  return (
    <Dialog
      open={shown}
      title={AccountText.signTitle}
      onClose={close}
      className="sign-dialog"
      actions={
        result?.ok === false || signed
          ? [{ label: AccountText.close, onClick: close, primary: true }]
          : [
              { label: AccountText.close, onClick: close },
              { label: AccountText.signNow, onClick: sign, primary: true, disabled: busy || !config },
            ]
      }
    >
      <ol className="sign-strip" aria-label={AccountText.signTitle}>
        {days.map((d) => (
          <li
            key={d.day}
            className={['sign-day', d.signed ? 'signed' : '', d.current ? 'current' : ''].join(' ')}
            aria-current={d.current ? 'date' : undefined}
          >
            <span className="sign-day-name">
              {AccountText.signDay(d.day)}
              {d.current && <em className="sign-today">{AccountText.todayMark}</em>}
            </span>
            <span className="sign-day-coins">{AccountText.coinsPlus(d.coins)}</span>
            <span className="sign-day-mark" aria-hidden="true">
              {d.signed ? '✓' : <MineIcon name="coin" />}
            </span>
          </li>
        ))}
      </ol>
      {vip && <p className="sign-note">{AccountText.signVipNote}</p>}
      {result?.ok === true && (
        <p className="sign-result ok" role="status">
          {AccountText.signReceived(result.coins)}
        </p>
      )}
      {result?.ok === false && (
        <p className="sign-result fail" role="alert">
          {result.msg}
        </p>
      )}
      {signed && !result && <p className="sign-note">{MineText.signedTodayNote}</p>}
      {config && !config.alreadyBoundMobile && (
        <p className="sign-note">
          <Link to="/user/bind" className="acc-link inline" onClick={close}>
            {AccountText.bindReward}
          </Link>
        </p>
      )}
    </Dialog>
  );
}
