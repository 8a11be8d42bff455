import { randomBytes } from 'node:crypto';
import { Api, type PayData } from '../../../src/contract/index.js';

/** A user of a listening server, calling it over real HTTP like the app does. */
export interface HttpUser {
  userId: number;
  headers: Record<string, string>;
}

let ip = 0;
export async function registerOverHttp(base: string): Promise<HttpUser> {
  ip += 1;
  const trace = `trace-${randomBytes(6).toString('hex')}`;
  const res = await fetch(`${base}${Api.register}`, {
    method: 'POST',
    headers: { 'x-trace-id': trace, 'x-forwarded-for': `10.9.${(ip >> 8) & 255}.${ip & 255}` },
  });
  if (res.status !== 200) throw new Error(`register ${res.status}`);
  const data = ((await res.json()) as { data: { userId: number; token: string } }).data;
  return { userId: data.userId, headers: { 'x-trace-id': trace, authorization: `Bearer ${data.token}` } };
}

export async function postForm(
  base: string,
  path: string,
  headers: Record<string, string>,
  form: Record<string, string> = {},
) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
}

export async function buyChapterOverHttp(base: string, u: HttpUser, chapterId: number) {
  const res = await postForm(base, `${Api.chapterBuy}?chapterId=${chapterId}`, u.headers);
  return {
    status: res.status,
    body: (await res.json()) as { result: boolean; code: number; data: { charged: number } | null },
  };
}

/** Opens an order and presses 支付 at the cashier; the server's own notifier does the rest. */
export async function payOverHttp(
  base: string,
  u: HttpUser,
  cfg: { id: number; type: string; amount_level: number },
) {
  const res = await postForm(base, Api.pay, u.headers, {
    payChannel: 'alipay_wap',
    payPurpose: cfg.type,
    payPurposeId: String(cfg.id),
    rechargerAmount: String(cfg.amount_level),
    appType: 'wap_browser',
  });
  if (res.status !== 200) throw new Error(`pay ${res.status}`);
  const data = ((await res.json()) as { data: PayData }).data;
  const paid = await fetch(`${base}${new URL(data.payUrl!, base).pathname}/pay`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin' },
    redirect: 'manual',
  });
  return { orderNo: data.orderNo, paidStatus: paid.status };
}

export async function balanceOverHttp(base: string, u: HttpUser): Promise<number> {
  const res = await fetch(`${base}${Api.info}`, { headers: u.headers });
  return ((await res.json()) as { data: { avaliableAmount: number } }).data.avaliableAmount;
}
