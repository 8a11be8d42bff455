import { useRegisterSW } from 'virtual:pwa-register/react';
import { ShellMsg } from '../../contract';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

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
      <button type="button" className="update-now" onClick={() => void updateServiceWorker(true)}>
        {ShellMsg.updateNow}
      </button>
    </div>
  );
}
