import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Msg, type BookDetail, type ChapterUnpaid } from '../../../contract';
import { showAlert } from '../../components/Toaster';
import { ApiError } from '../../lib/api/http';
import { bookKeys, buyChapter, chapterQuery, detailQuery, keptChapterQuery } from '../../lib/api/books';
import { isAutoBuy, useAutoBuy } from '../../lib/device/auto-buy';
import { recordRead } from '../../lib/device/history';
import { userKeys } from '../../lib/user';
import { buyOutcome, readOutcome, type ReadOutcome } from './access';

export type ReaderDialog = 'buy' | 'recharge' | null;

/**
 * One chapter's access flow (spec §4 Chapter access): read; 999 buys at once for an auto-buy book or
 * opens the buy dialog; a buy reloads the chapter (购买成功 unless auto-buy is on) or, answering 999,
 * swaps the buy dialog for the recharge dialog; 400 and 101 show their messages. A shown chapter adds
 * or updates the book's history entry.
 */
export function useChapterReader(bookId: number, number: number) {
  const qc = useQueryClient();
  const autoBuy = useAutoBuy(bookId);
  const chapter = useQuery(chapterQuery(bookId, number));
  // Until the server answers (seconds on a weak connection), a chapter kept on the phone shows at once;
  // the server's answer then replaces it, or locks it.
  const kept = useQuery({ ...keptChapterQuery(bookId, number), enabled: chapter.isPending });
  const info = chapter.data ?? (chapter.isPending ? (kept.data ?? undefined) : undefined);
  const detail = useQuery(detailQuery(bookId));
  // The buy dialog follows the 999 answer unless closed for it; the recharge dialog follows a 999 buy.
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [recharge, setRecharge] = useState(false);

  const buy = useMutation({
    mutationFn: (chapterId: number) => buyChapter(chapterId),
    onSuccess: async () => {
      // Balance and 已购买 labels change with a buy.
      void qc.invalidateQueries({ queryKey: userKeys.info() });
      void qc.invalidateQueries({ queryKey: bookKeys.chapters(bookId) });
      await chapter.refetch();
      if (!(await isAutoBuy(bookId))) void showAlert(Msg.buySuccess);
    },
    onError: (err) => {
      setClosedAt(chapter.errorUpdatedAt);
      if (buyOutcome(err) === 'recharge') setRecharge(true);
      else {
        void showAlert(err instanceof ApiError && err.message ? err.message : Msg.loadFailed);
      }
    },
  });

  const outcome: ReadOutcome | undefined = chapter.data
    ? readOutcome({ info: chapter.data }, false)
    : chapter.error && autoBuy !== undefined
      ? readOutcome({ error: chapter.error }, autoBuy)
      : undefined;

  // Act once per answer (an error instance or a data update), not on every render.
  const handled = useRef<unknown>(null);
  const stamp = chapter.data ? chapter.dataUpdatedAt : chapter.errorUpdatedAt;
  useEffect(() => {
    if (!outcome || handled.current === stamp) return;
    handled.current = stamp;
    switch (outcome.kind) {
      case 'show': {
        const info = outcome.info;
        const book = qc.getQueryData<BookDetail>(bookKeys.detail(bookId))?.book;
        void recordRead({ ...book, bookId, title: info.bookName, cover: info.bookCover }, info.number);
        break;
      }
      case 'buy-now':
        buy.mutate(outcome.unpaid.chapterId);
        break;
      case 'buy-dialog':
        break;
      case 'congestion':
        void qc.invalidateQueries({ queryKey: userKeys.info() });
        break;
      // The reader's panel says these (and 没有更多章节啦, 网络拥堵) once, where the pages would be.
      case 'no-chapter':
      case 'offline':
      case 'failed':
        break;
    }
  }, [outcome, stamp, qc, bookId, buy]);

  const unpaid: ChapterUnpaid | undefined =
    outcome && (outcome.kind === 'buy-dialog' || outcome.kind === 'buy-now') ? outcome.unpaid : undefined;

  const dialog: ReaderDialog = recharge
    ? 'recharge'
    : outcome?.kind === 'buy-dialog' && closedAt !== chapter.errorUpdatedAt
      ? 'buy'
      : null;

  return {
    info,
    outcome,
    unpaid,
    detail: detail.data,
    loading: chapter.isPending || (chapter.isError && autoBuy === undefined),
    dialog,
    openBuy: () => setClosedAt(null),
    closeDialog: () => (recharge ? setRecharge(false) : setClosedAt(chapter.errorUpdatedAt)),
    buy: (chapterId: number) => buy.mutate(chapterId),
    buying: buy.isPending,
    reload: () => void chapter.refetch(),
    reloading: chapter.isFetching,
  };
}
