import { AccountText, Api } from '../../../contract';

export interface LinkIdentity {
  account?: string;
  userId?: number;
}

const REPORT_PATH = Api.report;

/** Parses an absolute or same-site relative URL; null for anything that is not http(s). */
function parse(raw: string, origin: string): URL | null {
  try {
    const url = new URL(raw, `${origin}/`);
    return /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

/** A same-origin URL is shown as a path so it stays within the app's host. */
function serialise(url: URL, origin: string): string {
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * The report page link of spec §7: /h5/report with a return url (where its back button goes) and a
 * service url (its "contact online chat" button); it also carries the account to prefill.
 */
export function reportUrl(opts: { returnUrl: string; serviceUrl?: string | null } & LinkIdentity): string {
  const q = new URLSearchParams({ returnUrl: opts.returnUrl });
  if (opts.serviceUrl) q.set('serviceUrl', opts.serviceUrl);
  if (opts.account) q.set('account', opts.account);
  return `${REPORT_PATH}?${q.toString()}`;
}

/**
 * A chat or complaint link carrying the account (spec §1). When the link is our own report page it
 * also gets the return url, and the chat url as its service url. Null when the link is unusable.
 */
export function supportUrl(
  raw: string,
  who: LinkIdentity,
  ctx: { origin: string; returnUrl: string; chatUrl?: string },
): string | null {
  if (!raw) return null;
  const url = parse(raw, ctx.origin);
  if (!url) return null;
  if (url.origin === ctx.origin && url.pathname === REPORT_PATH) {
    const chat = ctx.chatUrl ? parse(ctx.chatUrl, ctx.origin) : null;
    // A chat link that is itself the report page would loop: leave the service url out then.
    const serviceUrl =
      chat && !(chat.origin === ctx.origin && chat.pathname === REPORT_PATH) ? chat.href : null;
    return reportUrl({ returnUrl: ctx.returnUrl, serviceUrl, ...who });
  }
  if (who.account) url.searchParams.set('account', who.account);
  if (who.userId !== undefined) url.searchParams.set('userId', String(who.userId));
  return serialise(url, ctx.origin);
}

/** mailto: link to support with the account in the subject, so support knows who writes. */
export function mailtoUrl(email: string, account?: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(AccountText.mailSubject(account))}`;
}
