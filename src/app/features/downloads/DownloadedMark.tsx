import { DownloadText } from '../../../contract';
import './downloads.css';

/** The 已下载 badge: over a book's cover (shelf) or at the end of a chapter row (catalogue, comic home). */
export function DownloadedTag({ on }: { on: 'cover' | 'row' }) {
  return <span className={on === 'cover' ? 'dl-cover-badge' : 'dl-badge'}>{DownloadText.badge}</span>;
}
