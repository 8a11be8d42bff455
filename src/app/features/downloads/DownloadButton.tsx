import { lazy, Suspense, useState } from 'react';
import { DownloadText } from '../../../contract';
import type { DownloadBookRef } from './book-ref';

// The chooser (and Dexie with it) loads when the button is tapped, not with the screen.
const DownloadChooser = lazy(() => import('./DownloadChooser').then((m) => ({ default: m.DownloadChooser })));

/** 下载 on the comic home and the catalogue: opens the chooser (all readable / from current / pick). */
export function DownloadButton({
  book,
  current,
  className,
}: {
  book: DownloadBookRef;
  /** The chapter the reader is at (history), for 从第N话开始. */
  current?: number;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {DownloadText.download}
      </button>
      {open && (
        <Suspense fallback={null}>
          <DownloadChooser book={book} current={current} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
