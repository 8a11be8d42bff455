import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Msg, ReaderChromeText } from '../../../contract';
import { showToast } from '../../components/Toaster';
import { useUserInfo } from '../../lib/user';
import { nextTarget, prevTarget } from './access';
import { parseReaderParams } from './params';
import { BuyDialog } from './BuyDialog';
import { ChapterPages } from './ChapterPages';
import { LockedPanel } from './LockedPanel';
import { RechargeDialog } from './RechargeDialog';
import { ReaderMenu } from './ReaderMenu';
import { InLaterTask } from '../../components/InLaterTask';
import { useChapterReader } from './useChapterReader';
import { useLastVisible } from './useLastVisible';
import { useMenuVisible } from './useMenuVisible';
import { usePreload } from './usePreload';
import { useResume } from './useResume';
import '../comics/comics.css';
import './reader.css';

/** /book/read/$id/$number: the reader. A missing or invalid id or number shows Msg.bookNotLoaded. */
export function ReaderPage() {
  const { id, number } = useParams({ strict: false });
  const parsed = parseReaderParams(id, number);
  if (!parsed)
    return (
      <div className="reader-missing" role="alert">
        <p>{Msg.bookNotLoaded}</p>
        <Link to="/home" className="book-action primary">
          {ReaderChromeText.backHome}
        </Link>
      </div>
    );
  // A new chapter is a new reader: its state (seen pages, dialogs) starts afresh.
  return <Reader key={`${parsed.bookId}/${parsed.number}`} bookId={parsed.bookId} number={parsed.number} />;
}

function Reader({ bookId, number }: { bookId: number; number: number }) {
  const navigate = useNavigate();
  const r = useChapterReader(bookId, number);
  const user = useUserInfo();
  const { lastVisible, pageRef } = useLastVisible();
  const eager = usePreload(r.info, lastVisible);
  const menu = useMenuVisible(r.info?.bookPics.length);
  const listRef = useResume(bookId, number);

  // Block body: scrollTo returns a promise in recent Chromium, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  // Neighbours from the chapter when it was read, else from the book's chapter list.
  const numbers = r.detail?.chapterList.map((c) => c.number) ?? [];
  const at = numbers.indexOf(number);
  const prev = r.info ? r.info.lastNumber : at > 0 ? numbers[at - 1]! : 0;
  const next = r.info ? r.info.nextNumber : at >= 0 ? (numbers[at + 1] ?? 0) : number + 1;
  const go = (n: number) =>
    void navigate({
      to: '/book/read/$id/$number',
      params: { id: String(bookId), number: String(n) },
      replace: true,
    });
  const onPrev = () => {
    const t = prevTarget(number, prev);
    if (t === 'first') showToast(Msg.firstChapter);
    else go(t);
  };
  const onNext = () => {
    const t = nextTarget(next);
    if (t === 'last') showToast(Msg.lastChapter);
    else go(t);
  };

  const book = r.detail?.book ?? (r.info && { bookId, title: r.info.bookName, cover: r.info.bookCover });
  // The top bar names the book: the chapter's title is on its first picture (a comic's title panel) or
  // on the locked panel, and said once is enough (issue 29: it was in the bar, a sub-bar and the panel).
  const title = book?.title ?? r.unpaid?.bookName ?? '';
  return (
    <div className="reader">
      {/* During a first load after the pages, in a task of its own (InLaterTask). */}
      <InLaterTask>
        <ReaderMenu visible={menu.visible} title={title} book={book} onPrev={onPrev} onNext={onNext} />
      </InLaterTask>
      <main className="reader-body" onClick={menu.toggle}>
        {r.info ? (
          <>
            {/* For screen readers, which do not see the title panel; the eye reads it there. */}
            <h2 className="visually-hidden">{r.info.title}</h2>
            <ChapterPages
              pics={r.info.bookPics}
              splitCount={r.info.picSplitCount}
              eager={eager}
              pageRef={pageRef}
              listRef={listRef}
              title={r.info.title}
            />
            <div className="reader-end">
              <button
                type="button"
                className="book-action primary"
                onClick={(e) => {
                  e.stopPropagation();
                  onNext();
                }}
              >
                {Msg.nextChapter}
              </button>
            </div>
          </>
        ) : (
          <LockedPanel
            bookId={bookId}
            bookTitle={book?.title ?? r.unpaid?.bookName}
            loading={r.loading || r.buying}
            unpaid={r.unpaid}
            outcome={r.outcome?.kind}
            onBuy={r.openBuy}
            onRetry={r.reload}
            retrying={r.reloading}
          />
        )}
      </main>
      {r.unpaid && (
        <BuyDialog
          open={r.dialog === 'buy'}
          unpaid={r.unpaid}
          balance={user.data?.avaliableAmount ?? r.unpaid.balance}
          buying={r.buying}
          onBuy={() => r.unpaid && r.buy(r.unpaid.chapterId)}
          onClose={r.closeDialog}
        />
      )}
      <RechargeDialog open={r.dialog === 'recharge'} bookId={bookId} onClose={r.closeDialog} />
    </div>
  );
}
