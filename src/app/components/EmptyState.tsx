import { Link } from '@tanstack/react-router';
import { EmptyText, Msg } from '../../contract';

type Kind = keyof typeof EmptyText.hint;
/** Empty money records lead to the top-up page; the reading screens to the comics. */
const TOP_UP_KINDS: ReadonlySet<Kind> = new Set(['orders', 'coins']);

/** A quiet picture for an empty screen: an open book with a small star, drawn in the brand colour. */
function EmptyPicture() {
  return (
    <svg className="empty-picture" width="120" height="96" viewBox="0 0 120 96" aria-hidden="true">
      <ellipse cx="60" cy="86" rx="44" ry="6" fill="#ececf0" />
      <path d="M14 22c14-6 30-6 46 4v54c-16-10-32-10-46-4z" fill="#fde7ee" stroke="#d82454" strokeWidth="2" />
      <path d="M106 22c-14-6-30-6-46 4v54c16-10 32-10 46-4z" fill="#fff" stroke="#d82454" strokeWidth="2" />
      <path
        d="M24 36c9-3 18-2 26 2M24 48c9-3 18-2 26 2M70 38c8-4 17-5 26-2M70 50c8-4 17-5 26-2"
        stroke="#f2a7bd"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M92 6l3 6 6 1-4.5 4 1 6-5.5-3-5.5 3 1-6L83 13l6-1z" fill="#f5b400" />
    </svg>
  );
}

/**
 * What an empty shelf, history, search or money record shows: the spec's 暂时没有记录, a picture, a line
 * saying what would fill the screen, and the way to what would.
 */
export function EmptyState({ kind }: { kind: Kind }) {
  const topUp = TOP_UP_KINDS.has(kind);
  return (
    <div className="empty-state list-empty" role="status">
      <EmptyPicture />
      <p className="empty-title">{Msg.emptyList}</p>
      <p className="empty-hint">{EmptyText.hint[kind]}</p>
      <Link to={topUp ? '/purchase' : '/home'} className="empty-action">
        {topUp ? EmptyText.topUpAction : EmptyText.action}
      </Link>
    </div>
  );
}
