import { memo, useMemo, useState } from 'react';
import { dismissDownloadTip, isDownloadTipDismissed } from '../../lib/cookies';
import { useAppEntry } from '../account/useAppEntry';
import { BookIcon } from './icons';
import { HomeText } from '../../../contract';

/**
 * The download-app tip; closing it hides it for 100 days (cookie, spec §3). Without a download link
 * (none configured, or inside the app shell) it stays away: the home screen's install banner and the
 * APP entry offer add to home screen instead.
 */
export const DownloadBanner = memo(function DownloadBanner() {
  const { downloadUrl } = useAppEntry();
  const [closed, setClosed] = useState(false);
  // Reading document.cookie is a synchronous call into the browser (in the first render it was ~15% of
  // /home's longest task on a throttled phone): only where there is a tip to show.
  const dismissed = useMemo(() => !!downloadUrl && isDownloadTipDismissed(), [downloadUrl]);
  if (!downloadUrl || closed || dismissed) return null;
  return (
    <div className="download-banner" role="region" aria-label={HomeText.download}>
      <span className="download-logo">
        <BookIcon />
      </span>
      <span className="download-text">{HomeText.downloadPitch}</span>
      <a className="download-go" href={downloadUrl} target="_blank" rel="noopener noreferrer">
        {HomeText.downloadNow}
      </a>
      <button
        type="button"
        className="download-close"
        aria-label={HomeText.closeDownload}
        onClick={() => {
          dismissDownloadTip();
          setClosed(true);
        }}
      >
        ×
      </button>
    </div>
  );
});
