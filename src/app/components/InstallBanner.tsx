import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ShellMsg } from '../../contract';
import { accountKeys, fetchDailySignConfig } from '../lib/api/account';
import { useInstallPrompt } from '../lib/install';
import { useModalOpen, useQuietFor } from '../lib/modal-open';

const DISMISSED_KEY = 'inkreel.installBannerDismissedAt';
/** A dismissed banner comes back after a week. */
const QUIET_MS = 7 * 24 * 3600 * 1000;
/** How long the screen stays free of dialogs before the banner comes up. */
const SETTLE_MS = 1200;

function recentlyDismissed(): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && Date.now() - at < QUIET_MS;
  } catch {
    return false;
  }
}

/**
 * 'Add to home screen' offer on /home (rendered by AppLayout), dismissible. One thing at a time: it
 * waits until home's daily sign-in has been decided (the dialog opens by itself on a new day) and
 * no modal dialog is open, and steps aside whenever one opens.
 */
export function InstallBanner() {
  const { canInstall, install } = useInstallPrompt();
  // Read only where the browser offers installing: device storage is a synchronous call into the
  // browser, and the first render of a phone's first load is the wrong moment for it.
  const dismissedBefore = useMemo(() => canInstall && recentlyDismissed(), [canInstall]);
  const [dismissedNow, setDismissedNow] = useState(false);
  const hidden = dismissedBefore || dismissedNow;
  // The same query as the sign-in dialog's: shared, not fetched twice.
  const sign = useQuery({
    queryKey: accountKeys.dailySign(),
    queryFn: fetchDailySignConfig,
    staleTime: 60_000,
    enabled: canInstall && !hidden,
  });
  const signDecided = sign.isSuccess || sign.isError;
  const modalOpen = useModalOpen();
  const quiet = useQuietFor(modalOpen || !signDecided, SETTLE_MS);
  if (!canInstall || hidden || !quiet) return null;
  const dismiss = () => {
    setDismissedNow(true);
    try {
      localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      // storage full or blocked: hiding for this visit is enough
    }
  };
  return (
    <aside className="install-banner" aria-label={ShellMsg.installTitle}>
      <img src="/icons/icon-192.png" width="36" height="36" alt="" />
      <div className="install-text">
        <strong>{ShellMsg.installTitle}</strong>
        <span>{ShellMsg.installHint}</span>
      </div>
      <button type="button" className="install-add" onClick={() => void install()}>
        {ShellMsg.installAction}
      </button>
      <button type="button" className="install-close" aria-label={ShellMsg.close} onClick={dismiss}>
        ×
      </button>
    </aside>
  );
}
