import { DownloadText } from '../../../contract';
import './downloads.css';

/**
 * The 已下载 badge: over a book's cover (shelf), at the end of a chapter row (catalogue, comic home), or
 * as a check mark where a chip has no room for words (the comic home's free chapters).
 */
export function DownloadedTag({ on }: { on: 'cover' | 'row' | 'chip' }) {
  if (on === 'chip')
    return (
      <span className="dl-check" role="img" aria-label={DownloadText.badge} title={DownloadText.badge}>
        ✓
      </span>
    );
  return <span className={on === 'cover' ? 'dl-cover-badge' : 'dl-badge'}>{DownloadText.badge}</span>;
}
