import { ShellMsg } from '../../contract';
import { useInstallPrompt } from '../lib/install';
import { Dialog } from './Dialog';

/** Safari's share icon, drawn so the steps look like what the user sees. */
function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="ios-step-icon">
      <path
        d="M12 3v12M8 7l4-4 4 4M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1"
        fill="none"
        stroke="#007aff"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function AddIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="ios-step-icon">
      <rect x="3.5" y="3.5" width="17" height="17" rx="4" fill="none" stroke="#333" strokeWidth="1.6" />
      <path d="M12 8v8M8 12h8" stroke="#333" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** iOS has no install prompt: a short illustrated how-to (share → 添加到主屏幕). */
export function IosInstallSheet() {
  const { iosSheetOpen, closeIosSheet } = useInstallPrompt();
  return (
    <Dialog
      open={iosSheetOpen}
      title={ShellMsg.iosInstallTitle}
      onClose={closeIosSheet}
      className="ios-sheet"
      actions={[{ label: ShellMsg.iKnow, onClick: closeIosSheet, primary: true }]}
    >
      <ol className="ios-steps">
        <li>
          <ShareIcon />
          <span>{ShellMsg.iosStepShare}</span>
        </li>
        <li>
          <AddIcon />
          <span>{ShellMsg.iosStepAdd}</span>
        </li>
        <li>
          <img src="/icons/icon-192.png" width="22" height="22" alt="" className="ios-step-icon" />
          <span>{ShellMsg.iosStepDone}</span>
        </li>
      </ol>
      <div className="ios-arrow" aria-hidden="true">
        ↓
      </div>
    </Dialog>
  );
}
