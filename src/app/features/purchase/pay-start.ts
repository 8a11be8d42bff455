import { safeHttpUrl } from '../../../contract/urls';
import type { AppType, PayData } from '../../../contract';

export type PayAction =
  | { kind: 'redirect'; url: string }
  | { kind: 'frame'; url: string }
  | { kind: 'app'; data: Record<string, string>; inShell: boolean }
  | { kind: 'none' };

/**
 * How a created order is paid (spec §7 payment application). wap_pay: the browser goes to the signed
 * /h5/pay/apply URL (which redirects to the cashier), or straight to the cashier; an iOS home-screen app
 * opens it in the in-app pay frame instead, since leaving the standalone window loses the app.
 * app: the native shell starts wechat or alipay from the returned data.
 */
export function payAction(data: PayData, appType: AppType): PayAction {
  if (data.initiatorCode === 'app') {
    return data.appPayData
      ? { kind: 'app', data: data.appPayData, inShell: appType === 'shell' }
      : { kind: 'none' };
  }
  const url = data.applyUrl ?? data.payUrl;
  if (!url) return { kind: 'none' };
  return appType === 'ios_desk' ? { kind: 'frame', url } : { kind: 'redirect', url };
}

/** The pay frame only shows http(s) pages: a goUrl from the address bar must not run script. */
export const safePayUrl = safeHttpUrl;
