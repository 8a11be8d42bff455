import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Msg, type Book, ComicsText } from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { getHistory } from '../../lib/device/history';
import { chapterLabel } from './format';

/**
 * Asks once per visit of the comic home whether to continue from the last chapter read: this device's
 * history first, else the account's (detail's lastChapter), so a reader on a new phone is asked too.
 */
export function ContinueDialog({ book, accountLast }: { book: Book; accountLast: number }) {
  const navigate = useNavigate();
  const [last, setLast] = useState<number>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    void getHistory(book.bookId).then((h) => {
      const number = h?.number ?? (accountLast > 0 ? accountLast : undefined);
      if (live && number !== undefined) {
        setLast(number);
        setOpen(true);
      }
    });
    return () => {
      live = false;
    };
  }, [book.bookId, accountLast]);
  if (last === undefined) return null;
  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      title={ComicsText.continueReading}
      actions={[
        { label: Msg.cancel, onClick: () => setOpen(false) },
        {
          label: Msg.confirm,
          primary: true,
          onClick: () => {
            setOpen(false);
            void navigate({
              to: '/book/read/$id/$number',
              params: { id: String(book.bookId), number: String(last) },
            });
          },
        },
      ]}
    >
      {ComicsText.continueAsk(chapterLabel(last))}
    </Dialog>
  );
}
