import { Api, ReportPageText as T } from '../../contract/index.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};
/** Escapes text for HTML element content and quoted attribute values alike. */
export const escapeHtml = (s: string) => s.replace(/[&<>"'`]/g, (c) => ESCAPES[c]);

export interface ReportPageModel {
  returnUrl: string;
  serviceUrl: string | null;
  /** What the form posts back so the links survive the round trip (as given, re-checked then). */
  rawReturnUrl: string;
  rawServiceUrl: string;
  account: string;
  sent: boolean;
  error: string | null;
  values?: { reason: string; message: string; contact: string };
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;
background:#f5f5f7;color:#222}header{display:flex;align-items:center;gap:12px;padding:12px 16px;background:#fff;
border-bottom:1px solid #eee}header h1{font-size:17px;margin:0;flex:1;text-align:center}header a{color:#e5467a;
text-decoration:none;min-width:3em}main{padding:16px;max-width:560px;margin:0 auto}p.intro{color:#666;margin:0 0 16px}
label{display:block;margin:12px 0 4px;font-weight:600}select,input,textarea{width:100%;padding:10px;border:1px solid #ddd;
border-radius:8px;font:inherit;background:#fff}textarea{min-height:120px;resize:vertical}button{margin-top:20px;width:100%;
padding:12px;border:0;border-radius:22px;background:#e5467a;color:#fff;font-size:16px}.note{padding:10px 12px;
border-radius:8px;margin-bottom:12px}.ok{background:#e8f7ee;color:#17803d}.err{background:#fdecef;color:#c0263f}
a.service{display:block;text-align:center;margin-top:18px;color:#e5467a}`;

/** The mobile report page; every dynamic value is escaped. */
export function renderReportPage(m: ReportPageModel): string {
  const e = escapeHtml;
  const values = m.values ?? { reason: T.reasons[0], message: '', contact: '' };
  const options = T.reasons
    .map((r) => `<option value="${e(r)}"${r === values.reason ? ' selected' : ''}>${e(r)}</option>`)
    .join('');
  const notice = m.sent
    ? `<p class="note ok" role="status">${e(T.sent)}</p>`
    : m.error
      ? `<p class="note err" role="alert">${e(m.error)}</p>`
      : '';
  const service = m.serviceUrl
    ? `<a class="service" href="${e(m.serviceUrl)}" rel="noopener noreferrer">${e(T.service)}</a>`
    : '';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="referrer" content="same-origin"><link rel="icon" href="/icons/favicon-32.png"><title>${e(T.title)}</title><style>${STYLE}</style></head>
<body><header><a href="${e(m.returnUrl)}">‹ ${e(T.back)}</a><h1>${e(T.title)}</h1><span style="min-width:3em"></span></header>
<main>${notice}<p class="intro">${e(T.intro)}</p>
<form method="post" action="${e(Api.report)}">
<input type="hidden" name="returnUrl" value="${e(m.rawReturnUrl)}">
<input type="hidden" name="serviceUrl" value="${e(m.rawServiceUrl)}">
<label for="reason">${e(T.reason)}</label><select id="reason" name="reason">${options}</select>
<label for="message">${e(T.message)}</label>
<textarea id="message" name="message" maxlength="500" required placeholder="${e(T.messagePlaceholder)}">${e(values.message)}</textarea>
<label for="contact">${e(T.contact)}</label>
<input id="contact" name="contact" maxlength="64" value="${e(values.contact)}" placeholder="${e(T.contactPlaceholder)}">
<label for="account">${e(T.account)}</label>
<input id="account" name="account" maxlength="64" value="${e(m.account)}">
<button type="submit">${e(T.submit)}</button></form>${service}</main></body></html>`;
}
