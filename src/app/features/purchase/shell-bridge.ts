/**
 * Our native shell exposes `window.InkreelShell.startPay(json)`: it starts the wechat or alipay SDK
 * from the app-pay data and reports back by bringing the web view to the foreground.
 */
interface ShellBridge {
  startPay?: (payload: string) => void;
}

export function shellBridge(): ShellBridge | undefined {
  return (window as Window & { InkreelShell?: ShellBridge }).InkreelShell;
}

/** Hands app-pay data to the shell; false when there is no shell to take it (a plain browser). */
export function startShellPay(data: Record<string, string>): boolean {
  const bridge = shellBridge();
  if (!bridge?.startPay) return false;
  bridge.startPay(JSON.stringify(data));
  return true;
}
