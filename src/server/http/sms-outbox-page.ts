import { Api, SmsOutboxText as T } from '../../contract/index.js';
import type { OutboxEntry } from '../services/sms/sandbox/provider.js';
import { escapeHtml } from './report-page.js';

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;
background:#f5f5f7;color:#222}header{display:flex;align-items:center;gap:12px;padding:12px 16px;background:#fff;
border-bottom:1px solid #eee}header h1{font-size:17px;margin:0;flex:1;text-align:center}header a{color:#e5467a;
text-decoration:none;min-width:3em}header a:last-child{text-align:right}main{padding:12px 16px;max-width:560px;margin:0 auto}
.banner{margin:0 0 12px;padding:10px 12px;border-radius:8px;background:#fff4e0;color:#8a5300;font-size:13px}
.badge{display:inline-block;margin-right:6px;padding:0 6px;border-radius:4px;background:#c26a00;color:#fff;font-size:12px}
ol{list-style:none;margin:0;padding:0}li{background:#fff;border-radius:10px;padding:10px 12px;margin-bottom:10px}
.meta{display:flex;justify-content:space-between;gap:8px;color:#666;font-size:13px}.meta .mobile{color:#222;font-weight:600}
.text{margin:6px 0 0;word-break:break-all}.text strong{font-size:18px;letter-spacing:2px;color:#e5467a;user-select:all}
.empty{color:#888;text-align:center;padding:24px 0}`;

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

/** Escapes the text, then marks the digits of a code so it stands out (digits need no escaping). */
const withCode = (text: string) => escapeHtml(text).replace(/\d{4,8}/, (code) => `<strong>${code}</strong>`);

/**
 * The sandbox SMS provider's test outbox: what it "sent" in the last 30 minutes, newest first. No script
 * (works under the strict CSP); every value is escaped.
 */
export function renderSmsOutbox(entries: OutboxEntry[], mobile: string | undefined): string {
  const e = escapeHtml;
  const items = entries
    .map(
      (m) =>
        `<li><div class="meta"><span class="mobile">${e(m.mobile)}</span>` +
        `<time datetime="${e(m.createdAt)}">${e(timeOf(m.createdAt))}</time></div>` +
        `<p class="text" aria-label="${e(T.message)}">${withCode(m.text)}</p></li>`,
    )
    .join('');
  const self = mobile ? `${Api.smsOutbox}?mobile=${encodeURIComponent(mobile)}` : Api.smsOutbox;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="referrer" content="same-origin"><meta name="robots" content="noindex">
<link rel="icon" href="/icons/favicon-32.png"><title>${e(T.title)}（沙箱）</title><style>${STYLE}</style></head>
<body><header><a href="/user/bind">‹ ${e(T.back)}</a><h1>${e(T.title)}</h1><a href="${e(self)}">${e(T.refresh)}</a></header>
<main><p class="banner" role="note"><span class="badge">沙箱</span>${e(T.banner)}</p>
${items ? `<ol aria-label="${e(T.title)}">${items}</ol>` : `<p class="empty">${e(T.empty)}</p>`}
</main></body></html>`;
}
