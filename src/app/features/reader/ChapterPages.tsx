import { memo } from 'react';
import type { PicGroup } from '../../../contract';
import { SecureImage } from '../../components/SecureImage';
import { partWidthPercent } from './access';
import { ReaderChromeText } from '../../../contract';

/**
 * The chapter's pages top to bottom. Each page is laid out in picSplitCount parts side by side, each
 * 100/count % wide; every box is reserved from the page's width and height before its image arrives.
 * Memoised: the reader re-renders as its other answers come in (account, book, menu), and every page's
 * image was diffed again each time; its props change only with the chapter and the preload plan.
 */
export const ChapterPages = memo(function ChapterPages({
  pics,
  splitCount,
  eager,
  pageRef,
  listRef,
  title,
}: {
  pics: readonly PicGroup[];
  splitCount: number;
  /** Indexes of the pages to load now (the preload plan). */
  eager: ReadonlySet<number>;
  pageRef: (el: HTMLElement | null) => void;
  /** The list of page boxes (the resume position is measured on its children). */
  listRef?: (el: HTMLElement | null) => void;
  title: string;
}) {
  const pct = partWidthPercent(splitCount);
  return (
    <div className="chapter-pages" ref={listRef}>
      {pics.map((p, i) => (
        <div
          key={i}
          ref={pageRef}
          data-page={i}
          className="chapter-page"
          style={{ aspectRatio: `${p.width} / ${p.height}` }}
        >
          {p.parts.map((src, j) => (
            <SecureImage
              key={src}
              src={src}
              width={Math.max(1, Math.round(p.width / Math.max(1, p.parts.length)))}
              height={p.height}
              alt={j === 0 ? ReaderChromeText.pageAlt(title, i + 1) : ''}
              eager={eager.has(i)}
              className="chapter-part"
              style={{ width: `${pct}%` }}
            />
          ))}
        </div>
      ))}
    </div>
  );
});
