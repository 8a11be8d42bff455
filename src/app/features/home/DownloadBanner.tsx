import { useState } from 'react';
import { dismissDownloadTip, isDownloadTipDismissed } from '../../lib/cookies';
import { useCommonInfo } from '../account/useCommonInfo';
import { BookIcon } from './icons';

/** The download-app tip; closing it hides it for 100 days (cookie, spec §3). */
export function DownloadBanner() {
  const [hidden, setHidden] = useState(isDownloadTipDismissed);
  const { data: info } = useCommonInfo();
  if (hidden || !info?.appDownloadUrl) return null;
  return (
    <div className="download-banner" role="region" aria-label="下载APP">
      <span className="download-logo">
        <BookIcon />
      </span>
      <span className="download-text">下载APP，看漫画更流畅</span>
      <a className="download-go" href={info.appDownloadUrl} target="_blank" rel="noopener noreferrer">
        立即下载
      </a>
      <button
        type="button"
        className="download-close"
        aria-label="关闭下载提示"
        onClick={() => {
          dismissDownloadTip();
          setHidden(true);
        }}
      >
        ×
      </button>
    </div>
  );
}
