import { useRegisterSW } from 'virtual:pwa-register/react';
import { ShellMsg } from '../../contract';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Lets the waiting worker take over, then reloads once it controls the page. Workbox reloads by itself
 * only when the page was already controlled at registration; on a first visit that lasted until an
 * update arrived, this listener does it.
 */
function applyUpdate(updateServiceWorker: (reload?: boolean) => Promise<void>) {
  navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  void updateServiceWorker(true);
}

/**
 * Registers the service worker; when a new version is waiting, asks before switching
 * (never reloads under a reader mid-chapter).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Long-lived installed apps rarely navigate: look for a new version now and then.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="update-bar" role="alert">
      <div className="update-text">
        <strong>{ShellMsg.newVersion}</strong>
        <span>{ShellMsg.newVersionHint}</span>
      </div>
      <button type="button" className="update-later" onClick={() => setNeedRefresh(false)}>
        {ShellMsg.later}
      </button>
      <button type="button" className="update-now" onClick={() => applyUpdate(updateServiceWorker)}>
        {ShellMsg.updateNow}
      </button>
    </div>
  );
}
