import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { AccountText, Msg, type PayConfig, type PaySubType, CommonText } from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { Page } from '../../components/Page';
import { showAlert } from '../../components/Toaster';
import { createPayment, fetchRecharge, payKeys } from '../../lib/api/pay';
import { getAppType } from '../../lib/app-type';
import { useUserInfo } from '../../lib/user';
import { SupportChatLink } from '../support/SupportLinks';
import { errorMessage } from './api-error';
import { ChannelSheet } from './ChannelSheet';
import { PackageCard } from './PackageCard';
import { defaultPackage, splitPackages } from './packages';
import { payAction } from './pay-start';
import { setPayFlag } from './pay-flag-store';
import { startShellPay } from './shell-bridge';
import { useRefreshOnReturn } from './useRefreshOnReturn';
import { VipStatus } from './VipStatus';
import '../../components/actions.css';
import './purchase.css';

interface AppPayShown {
  data: Record<string, string>;
  inShell: boolean;
}

/** /purchase: coin and VIP packages, the pay-channel popup, and the start of the payment. */
/** One group of packages (coins or VIP) with the chosen one marked. */
function PackageSection(props: {
  id: string;
  title: string;
  configs: PayConfig[];
  selectedId: number | undefined;
  onSelect: (c: PayConfig) => void;
  vip?: boolean;
}) {
  return (
    <section className="pay-section" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <div className={props.vip ? 'pkg-grid vip' : 'pkg-grid'}>
        {props.configs.map((c) => (
          <PackageCard
            key={c.id}
            config={c}
            selected={props.selectedId === c.id}
            onSelect={() => props.onSelect(c)}
          />
        ))}
      </div>
    </section>
  );
}

export function PurchasePage() {
  const { bookId } = useSearch({ from: '/purchase' });
  const appType = getAppType();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const recharge = useQuery({
    queryKey: payKeys.recharge(appType),
    queryFn: () => fetchRecharge(appType),
    staleTime: 30_000,
  });
  useRefreshOnReturn();
  const [picked, setPicked] = useState<number | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const [appPay, setAppPay] = useState<AppPayShown | null>(null);

  const configs = recharge.data?.payConfigs ?? [];
  const { coin, vip } = splitPackages(configs);
  const selected: PayConfig | undefined = configs.find((c) => c.id === picked) ?? defaultPackage(configs);
  const channels = recharge.data?.subTypes ?? [];
  const info = user ?? recharge.data?.userInfo;

  const choose = (c: PayConfig) => {
    setPicked(c.id);
    setSheetOpen(true);
  };

  const pay = async (channel: PaySubType) => {
    if (!selected || paying) return;
    setPaying(true);
    try {
      const res = await createPayment({
        payChannel: channel.subTypeCode,
        payPurpose: selected.type,
        payPurposeId: selected.id,
        rechargerAmount: selected.amountLevel,
        appType,
        returnUrl: `${location.origin}/user`,
      });
      if (!res.result) return void showAlert(res.msg || AccountText.payFailed);
      const action = payAction(res.data, appType);
      const flagExtra = { orderNo: res.data.orderNo, bookId };
      switch (action.kind) {
        case 'redirect':
          await setPayFlag(selected.type, info, flagExtra);
          location.assign(action.url);
          return;
        case 'frame':
          await setPayFlag(selected.type, info, flagExtra);
          setSheetOpen(false);
          void navigate({ to: '/user/purchase/pay', search: { goUrl: action.url } });
          return;
        case 'app': {
          const started = action.inShell && startShellPay(action.data);
          if (started) await setPayFlag(selected.type, info, flagExtra);
          setSheetOpen(false);
          setAppPay({ data: action.data, inShell: started });
          return;
        }
        default:
          showAlert(AccountText.payFailed);
      }
    } catch (err) {
      showAlert(await errorMessage(err, AccountText.payFailed));
    } finally {
      setPaying(false);
    }
  };

  return (
    <Page title={AccountText.purchaseTitle}>
      {bookId !== undefined && (
        <Link to="/book/$bookId" params={{ bookId: String(bookId) }} className="pay-back-book">
          ‹ {AccountText.backToBook}
        </Link>
      )}
      <section className="pay-account" aria-label={AccountText.currentBalance}>
        <div>
          {AccountText.account}
          {CommonText.colon}
          <strong>{info?.account ?? '…'}</strong>
        </div>
        <div>
          {AccountText.currentBalance}
          {CommonText.colon}
          <strong className="pay-balance" data-testid="pay-balance">
            {info?.avaliableAmount ?? '…'}
          </strong>{' '}
          {AccountText.coinsUnit}
        </div>
        <VipStatus user={info} />
      </section>

      {recharge.isError && !recharge.data ? (
        <p className="pay-empty">
          {Msg.loadFailed}{' '}
          <button type="button" className="acc-link inline" onClick={() => void recharge.refetch()}>
            {AccountText.retryPay}
          </button>
        </p>
      ) : recharge.isPending ? (
        <p className="pay-empty" aria-busy="true">
          …
        </p>
      ) : (
        <>
          <PackageSection
            id="pay-coin-h"
            title={AccountText.coinPackages}
            configs={coin}
            selectedId={selected?.id}
            onSelect={choose}
          />
          <PackageSection
            id="pay-vip-h"
            title={AccountText.vipPackages}
            configs={vip}
            selectedId={selected?.id}
            onSelect={choose}
            vip
          />
          <p className="pay-warning" role="note">
            ⚠ {AccountText.payWithin}
          </p>
          <p className="pay-support">
            {AccountText.serviceHoursLabel} <SupportChatLink position="purchase" />
          </p>
        </>
      )}

      {selected && (
        <div className="pay-bar">
          <span>
            {selected.type === 'coin' ? `${selected.itemCount}${AccountText.coinsUnit}` : selected.title}
          </span>
          <button type="button" className="acc-primary" onClick={() => setSheetOpen(true)}>
            {AccountText.payNow}
          </button>
        </div>
      )}

      <ChannelSheet
        open={sheetOpen}
        selected={selected}
        channels={channels}
        busy={paying}
        onPay={pay}
        onClose={() => setSheetOpen(false)}
      />
      <Dialog
        open={appPay !== null}
        title={AccountText.appPayTitle}
        onClose={() => setAppPay(null)}
        actions={[{ label: AccountText.ok, onClick: () => setAppPay(null), primary: true }]}
      >
        <p>{appPay?.inShell ? AccountText.appPayShellNote : AccountText.appPayBrowserNote}</p>
        <pre className="pay-app-data">{appPay ? JSON.stringify(appPay.data, null, 2) : ''}</pre>
      </Dialog>
    </Page>
  );
}
