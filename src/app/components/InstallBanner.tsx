import { useState } from 'react';
import { ShellMsg } from '../../contract';
import { useInstallPrompt } from '../lib/install';

const DISMISSED_KEY = 'inkreel.installBannerDismissedAt';
/** A dismissed banner comes back after a week. */
const QUIET_MS = 7 * 24 * 3600 * 1000;

function recentlyDismissed(): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && Date.now() - at < QUIET_MS;
  } catch {
    return false;
  }
}

/** 'Add to home screen' offer on /home (rendered by AppLayout), dismissible. */
export function InstallBanner() {
  const { canInstall, install } = useInstallPrompt();
  const [hidden, setHidden] = useState(recentlyDismissed);
  if (!canInstall || hidden) return null;
  const dismiss = () => {
    setHidden(true);
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
