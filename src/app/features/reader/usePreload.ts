import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { ChapterReadInfo } from '../../../contract';
import { bookKeys, chapterQuery } from '../../lib/api/books';
import { getPagesToPreload } from './preload';
import { preloadImage } from './preload-images';

/**
 * Runs the preload plan: the pages of this chapter to load now, and — when the plan says so — the next
 * chapter's data and its first images, so 下一章 shows them at once.
 */
export function usePreload(info: ChapterReadInfo | undefined, lastVisible: number): ReadonlySet<number> {
  const qc = useQueryClient();
  const bookId = info?.bookId ?? 0;
  const nextNumber = info?.nextNumber ?? 0;
  const next =
    nextNumber > 0 ? qc.getQueryData<ChapterReadInfo>(bookKeys.chapter(bookId, nextNumber)) : undefined;
  const plan = getPagesToPreload({
    pageCount: info?.bookPics.length ?? 0,
    lastVisible,
    nextNumber,
    nextPageCount: next?.bookPics.length,
  });

  const pageCount = info?.bookPics.length ?? 0;
  const seen = useRef(lastVisible);
  useEffect(() => {
    seen.current = lastVisible;
  }, [lastVisible]);

  useEffect(() => {
    if (!plan.nextChapter || bookId === 0) return;
    let live = true;
    void qc.prefetchQuery(chapterQuery(bookId, nextNumber, true)).then(() => {
      const data = qc.getQueryData<ChapterReadInfo>(bookKeys.chapter(bookId, nextNumber));
      if (!live || !data) return;
      const again = getPagesToPreload({
        pageCount,
        lastVisible: seen.current,
        nextNumber,
        nextPageCount: data.bookPics.length,
      });
      for (const i of again.nextPages)
        for (const src of data.bookPics[i]?.parts ?? []) void preloadImage(src);
    });
    return () => {
      live = false;
    };
    // Keyed on the plan's switch, not on every visible page: re-running would only re-hit caches.
  }, [plan.nextChapter, bookId, nextNumber, pageCount, qc]);

  const key = plan.pages.join(',');
  return useMemo(() => new Set(key ? key.split(',').map(Number) : []), [key]);
}
