import type { LinkProps } from '@tanstack/react-router';
import { PlainLink } from '../../components/PlainLink';
import { HomeText, CommonText } from '../../../contract';

/** A home section's title with its 换一批 (refresh) and 更多 (the list screen) controls. */
export function SectionHeader({
  id,
  title,
  more,
  onRefresh,
  refreshing,
}: {
  id: string;
  title: string;
  more?: LinkProps['to'];
  onRefresh?: () => void;
  refreshing?: boolean;
}) {
  return (
    <div className="section-head">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <span className="section-tools">
        {onRefresh && (
          <button
            type="button"
            className="section-tool"
            aria-label={HomeText.refreshOf(title)}
            aria-busy={refreshing}
            onClick={onRefresh}
          >
            {HomeText.refresh}
          </button>
        )}
        {more && (
          <PlainLink link={{ to: more }} className="section-tool" aria-label={CommonText.moreOf(title)}>
            {CommonText.more} ›
          </PlainLink>
        )}
      </span>
    </div>
  );
}
