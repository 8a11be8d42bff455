import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { dismissNotice, getNotices, subscribeNotices, type Notice } from './toast-store';
import { useFade } from './useFade';

export { showAlert, showToast, type AlertOptions } from './toast-store';

function NoticeView({ notice }: { notice: Notice }) {
  const [open, setOpen] = useState(true);
  const { mounted, opacity } = useFade(open);
  useEffect(() => {
    if (notice.duration <= 0) return;
    const t = setTimeout(() => setOpen(false), notice.duration);
    return () => clearTimeout(t);
  }, [notice.duration]);
  useEffect(() => {
    if (!mounted) dismissNotice(notice.id);
  }, [mounted, notice.id]);
  if (notice.kind === 'toast')
    return (
      <div className="toast" role="status" style={{ opacity }}>
        {notice.msg}
      </div>
    );
  return (
    <div className="alert-layer" style={{ opacity }} onClick={() => setOpen(false)}>
      <div
        className="alert-box"
        role="alertdialog"
        aria-live="assertive"
        aria-label={notice.title ?? notice.msg}
      >
        {notice.title && <div className="alert-title">{notice.title}</div>}
        <div className="alert-msg">{notice.msg}</div>
      </div>
    </div>
  );
}

/** Renders showToast/showAlert messages; mounted once in AppLayout. */
export function Toaster() {
  const notices = useSyncExternalStore(subscribeNotices, getNotices, getNotices);
  if (notices.length === 0) return null;
  return createPortal(
    <div className="notices">
      {notices.map((n) => (
        <NoticeView key={n.id} notice={n} />
      ))}
    </div>,
    document.body,
  );
}
