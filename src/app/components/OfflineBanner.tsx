import { OfflineText } from '../../contract';
import { useOnline } from '../lib/online';

/**
 * Says the phone is offline, at the top of the screen in the page's own flow (it covers nothing): what
 * was saved still reads, what was not (pictures never opened, the daily sign-in) waits for a network.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18" />
      </svg>
      <span>{OfflineText.banner}</span>
    </div>
  );
}
