import { Link } from '@tanstack/react-router';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { AccountText, BIND_MOBILE_REWARD, CommonText, DownloadText, MineText } from '../../../contract';
import { CopyButton } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';
import { Page } from '../../components/Page';
import { submitContact } from '../../lib/api/account';
import { useSession, useUserInfo } from '../../lib/user';
import { PayResultPrompt } from '../purchase/PayResultPrompt';
import { useRefreshOnReturn } from '../purchase/useRefreshOnReturn';
import { VipStatus } from '../purchase/VipStatus';
import { openDailySign } from './daily-sign-opener';
import { DailySignDialog } from './DailySignDialog';
import { isServiceOpen } from '../support/service-hours';
import { externalProps, recordAndFollow, useSupportUrls } from '../support/SupportLinks';
import { useAppEntry } from './useAppEntry';
import { MineIcon, type MineIconName } from './icons';
import '../../components/actions.css';
import './account.css';

function Row({
  icon,
  label,
  note,
  children,
}: {
  icon: MineIconName;
  label: string;
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <span className="mine-row-icon" aria-hidden="true">
        <MineIcon name={icon} />
      </span>
      <span className="mine-row-label">{label}</span>
      {note !== undefined && <span className="mine-row-note">{note}</span>}
      {children}
      <span className="mine-row-arrow" aria-hidden="true">
        ›
      </span>
    </>
  );
}

/** /user: the account and its password, coins and VIP, and every account, top-up and support action. */
export function MinePage() {
  const session = useSession();
  const { data: user } = useUserInfo();
  const urls = useSupportUrls();
  const app = useAppEntry();
  const [chatClosedOpen, setChatClosedOpen] = useState(false);
  useRefreshOnReturn();

  const chatHref = urls.chat ?? urls.report;
  const onChat = (e: MouseEvent<HTMLAnchorElement>) => {
    if (isServiceOpen()) return recordAndFollow(e, 'chat', 'mine');
    e.preventDefault();
    setChatClosedOpen(true);
  };
  const leaveMessage = async () => {
    setChatClosedOpen(false);
    if (externalProps(chatHref).target) {
      window.open(chatHref, '_blank', 'noopener');
      void submitContact('chat', 'mine_offline');
    } else {
      await submitContact('chat', 'mine_offline');
      location.assign(chatHref);
    }
  };
  const downloadUrl = app.downloadUrl;

  return (
    <Page title={AccountText.mine} back={false}>
      <section className="mine-card" aria-label={AccountText.account}>
        <div className="mine-cred">
          <span className="mine-cred-label">{AccountText.account}</span>
          <strong className="mine-cred-value" data-testid="mine-account">
            {user?.account ?? session?.user.account ?? '…'}
          </strong>
          {user && <CopyButton text={user.account} label={AccountText.copyAccount} />}
        </div>
        <div className="mine-cred">
          <span className="mine-cred-label">{AccountText.password}</span>
          <strong className="mine-cred-value" data-testid="mine-password">
            {session?.password || '—'}
          </strong>
          {session?.password && <CopyButton text={session.password} label={AccountText.copyPassword} />}
        </div>
        <p className="mine-save-tip">{AccountText.saveAccountTip}</p>
        <div className="mine-money">
          <div className="mine-coins">
            {AccountText.coinBalance}
            {CommonText.colon}
            <strong data-testid="mine-coins">{user?.avaliableAmount ?? '…'}</strong> {AccountText.coinsUnit}
          </div>
          <VipStatus user={user} />
          <Link to="/purchase" className="mine-topup">
            {AccountText.topUp}
          </Link>
        </div>
      </section>

      <nav className="mine-list" aria-label={AccountText.mine}>
        <Link to="/user/bind" className="mine-row">
          <Row
            icon="phone"
            label={AccountText.bindPhone}
            note={
              user?.mobile
                ? `${AccountText.phoneBound} ${user.mobile}`
                : `+${BIND_MOBILE_REWARD}${AccountText.coinsUnit}`
            }
          />
        </Link>
        <Link to="/user/password" className="mine-row">
          <Row icon="key" label={AccountText.changePassword} />
        </Link>
        <Link to="/purchase" className="mine-row">
          <Row icon="coin" label={AccountText.topUp} />
        </Link>
        <Link to="/user/downloads" className="mine-row">
          <Row icon="download" label={DownloadText.downloads} note={DownloadText.entryNote} />
        </Link>
        <Link to="/user/purchase/history" className="mine-row">
          <Row icon="receipt" label={AccountText.purchaseHistory} />
        </Link>
        <button type="button" className="mine-row" onClick={openDailySign}>
          <Row icon="calendar" label={AccountText.dailySign} />
        </button>
        <a className="mine-row" href={chatHref} {...externalProps(chatHref)} onClick={onChat}>
          <Row icon="chat" label={AccountText.onlineChat} note={AccountText.serviceHoursLabel} />
        </a>
        {urls.emailAddress && (
          <div className="mine-row mine-email">
            <span className="mine-row-icon" aria-hidden="true">
              <MineIcon name="mail" />
            </span>
            <span className="mine-row-label">{AccountText.contactEmail}</span>
            <a
              className="mine-row-note acc-link inline"
              href={urls.email ?? undefined}
              onClick={() => void submitContact('email', 'mine')}
            >
              {urls.emailAddress}
            </a>
            <CopyButton text={urls.emailAddress} label={MineText.copyEmail} />
          </div>
        )}
        <a
          className="mine-row"
          href={urls.complaint ?? urls.report}
          {...externalProps(urls.complaint ?? urls.report)}
          onClick={(e) => recordAndFollow(e, 'complaint', 'mine')}
        >
          <Row icon="megaphone" label={AccountText.complaint} />
        </a>
        <a className="mine-row" href={urls.report} onClick={(e) => recordAndFollow(e, 'report', 'mine')}>
          <Row icon="note" label={AccountText.reportPage} />
        </a>
        <Link to="/user/find-account" className="mine-row">
          <Row icon="search" label={AccountText.findAccount} />
        </Link>
        <Link to="/user/login" className="mine-row">
          <Row icon="swap" label={AccountText.switchAccount} />
        </Link>
        {downloadUrl ? (
          <a className="mine-row" href={downloadUrl} {...externalProps(downloadUrl)}>
            <Row icon="download" label={AccountText.appDownload} />
          </a>
        ) : app.installed ? (
          <div className="mine-row">
            <Row icon="home" label={AccountText.addToHome} note={AccountText.installed} />
          </div>
        ) : (
          <button type="button" className="mine-row" onClick={() => void app.install()}>
            <Row icon="home" label={AccountText.addToHome} />
          </button>
        )}
      </nav>

      <Dialog
        open={chatClosedOpen}
        title={AccountText.onlineChat}
        onClose={() => setChatClosedOpen(false)}
        actions={[
          { label: AccountText.close, onClick: () => setChatClosedOpen(false) },
          { label: AccountText.leaveMessage, onClick: () => void leaveMessage(), primary: true },
        ]}
      >
        <p>{AccountText.serviceClosed}</p>
        {urls.emailAddress && (
          <p>
            {AccountText.contactEmail}
            {CommonText.colon}
            <a href={urls.email ?? undefined} className="acc-link inline">
              {urls.emailAddress}
            </a>
          </p>
        )}
      </Dialog>
      <DailySignDialog />
      <PayResultPrompt />
    </Page>
  );
}
