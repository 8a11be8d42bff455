import type { MouseEvent, ReactNode } from 'react';
import { AccountText } from '../../../contract';
import { submitContact } from '../../lib/api/account';
import { useSession } from '../../lib/user';
import { mailtoUrl, reportUrl, supportUrl } from './support-links';
import { useCommonInfo } from './useCommonInfo';
import '../../components/actions.css';

export interface SupportUrls {
  chat: string | null;
  complaint: string | null;
  report: string;
  email: string | null;
  emailAddress: string | null;
}

/** Support links of the current user: chat and complaint carry the account (spec §1). */
export function useSupportUrls(): SupportUrls {
  const { data: info } = useCommonInfo();
  const session = useSession();
  const who = { account: session?.user.account, userId: session?.user.userId };
  const origin = location.origin;
  const returnUrl = `${location.pathname}${location.search}`;
  const ctx = { origin, returnUrl, chatUrl: info?.chatUrl };
  const chat = info ? supportUrl(info.chatUrl, who, ctx) : null;
  const chatForReport = chat && !chat.startsWith('/h5/') ? chat : undefined;
  return {
    chat,
    complaint: info ? supportUrl(info.complaintUrl, who, ctx) : null,
    report: reportUrl({ returnUrl, serviceUrl: chatForReport, account: who.account }),
    email: info?.customerServiceEmail ? mailtoUrl(info.customerServiceEmail, who.account) : null,
    emailAddress: info?.customerServiceEmail || null,
  };
}

/** External support pages open in a new tab; our own pages (the report form) in this one. */
export const externalProps = (url: string) =>
  /^https?:\/\//.test(url) && !url.startsWith(location.origin)
    ? { target: '_blank', rel: 'noopener noreferrer' }
    : {};

/** The record call may take this long before a same-tab support link is followed anyway. */
const RECORD_WAIT_MS = 800;

/**
 * Records the contact (submit_contact), then follows the link. Leaving the page would abort the
 * record call, so a link that opens in this tab waits for it (at most RECORD_WAIT_MS).
 */
export function recordAndFollow(
  e: MouseEvent<HTMLAnchorElement>,
  contactType: string,
  position: string,
): void {
  const a = e.currentTarget;
  const record = submitContact(contactType, position);
  const staysHere = a.target === '_blank' || a.protocol === 'mailto:' || e.metaKey || e.ctrlKey || e.shiftKey;
  if (staysHere || e.defaultPrevented) return;
  e.preventDefault();
  void Promise.race([record, new Promise((r) => setTimeout(r, RECORD_WAIT_MS))]).then(() =>
    location.assign(a.href),
  );
}

/** Contact link to online chat (or the report form when no chat service is configured). */
export function SupportChatLink({ position, children }: { position: string; children?: ReactNode }) {
  const urls = useSupportUrls();
  const href = urls.chat ?? urls.report;
  return (
    <a
      className="acc-link inline"
      href={href}
      {...externalProps(href)}
      onClick={(e) => recordAndFollow(e, 'chat', position)}
    >
      {children ?? AccountText.contactSupport}
    </a>
  );
}

/** The complaint entry (Mine, and the button in home's header): complaint link with the account. */
export function ComplaintLink({
  position,
  className = 'acc-link inline',
  children,
}: {
  position: string;
  className?: string;
  children?: ReactNode;
}) {
  const urls = useSupportUrls();
  const href = urls.complaint ?? urls.report;
  return (
    <a
      className={className}
      href={href}
      {...externalProps(href)}
      onClick={(e) => recordAndFollow(e, 'complaint', position)}
    >
      {children ?? AccountText.complaint}
    </a>
  );
}
