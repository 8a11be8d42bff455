import { Link } from '@tanstack/react-router';
import { EmptyText, Msg } from '../../contract';

type Kind = keyof typeof EmptyText.hint;
/** 'video' is a screen with a shopping bag (videos bought); 'screen' the screen alone. */
type Picture = 'book' | 'receipt' | 'video' | 'screen';

interface Empty {
  picture: Picture;
  /** Lists say the spec's 暂时没有记录; a home or a missing book say what they are. */
  title?: string;
  /** Where what would fill the screen is; null: nowhere else yet, so the way is to ask again (onReload). */
  to: '/home' | '/purchase' | '/vod' | null;
  action: string;
}

/** Each empty screen: its picture and the way to what would fill it. */
const EMPTY: Record<Kind, Empty> = {
  shelf: { picture: 'book', to: '/home', action: EmptyText.action },
  history: { picture: 'book', to: '/home', action: EmptyText.action },
  search: { picture: 'book', to: '/home', action: EmptyText.action },
  orders: { picture: 'receipt', to: '/purchase', action: EmptyText.topUpAction },
  coins: { picture: 'receipt', to: '/purchase', action: EmptyText.topUpAction },
  vods: { picture: 'video', to: '/vod', action: EmptyText.vodAction },
  home: { picture: 'book', title: EmptyText.title.home, to: null, action: Msg.reload },
  vodHome: { picture: 'screen', title: EmptyText.title.vodHome, to: null, action: Msg.reload },
  books: { picture: 'book', to: '/home', action: EmptyText.action },
  category: { picture: 'book', to: '/home', action: EmptyText.action },
  vodList: { picture: 'screen', to: '/vod', action: EmptyText.vodAction },
  vodSearch: { picture: 'screen', to: '/vod', action: EmptyText.vodAction },
  book: { picture: 'book', title: Msg.notFound, to: '/home', action: EmptyText.homeAction },
  vod: { picture: 'screen', title: Msg.videoNotFound, to: '/vod', action: EmptyText.vodAction },
};

/** Quiet pictures for empty screens, drawn in the brand colour on a soft shadow. */
function EmptyPicture({ name }: { name: Picture }) {
  return (
    <svg
      className="empty-picture"
      data-picture={name}
      width="120"
      height="96"
      viewBox="0 0 120 96"
      aria-hidden="true"
    >
      <ellipse cx="60" cy="86" rx="44" ry="6" fill="#ececf0" />
      {name === 'book' && (
        <>
          <path
            d="M14 22c14-6 30-6 46 4v54c-16-10-32-10-46-4z"
            fill="#fde7ee"
            stroke="#d82454"
            strokeWidth="2"
          />
          <path
            d="M106 22c-14-6-30-6-46 4v54c16-10 32-10 46-4z"
            fill="#fff"
            stroke="#d82454"
            strokeWidth="2"
          />
          <path
            d="M24 36c9-3 18-2 26 2M24 48c9-3 18-2 26 2M70 38c8-4 17-5 26-2M70 50c8-4 17-5 26-2"
            stroke="#f2a7bd"
            strokeWidth="2"
            strokeLinecap="round"
            fill="none"
          />
          <path d="M92 6l3 6 6 1-4.5 4 1 6-5.5-3-5.5 3 1-6L83 13l6-1z" fill="#f5b400" />
        </>
      )}
      {name === 'receipt' && (
        <>
          {/* A receipt with a torn edge, and a coin beside it. */}
          <path
            d="M30 8h48v72l-6-4-6 4-6-4-6 4-6-4-6 4-6-4-6 4z"
            fill="#fff"
            stroke="#d82454"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path d="M40 24h28M40 36h28M40 48h18" stroke="#f2a7bd" strokeWidth="3" strokeLinecap="round" />
          <circle cx="86" cy="60" r="15" fill="#f5b400" stroke="#c98a00" strokeWidth="2" />
          <path
            d="M81 53l5 6 5-6M86 59v9M81 62h10"
            stroke="#fff"
            strokeWidth="2.2"
            strokeLinecap="round"
            fill="none"
          />
        </>
      )}
      {name === 'screen' && (
        <>
          {/* A screen with a play mark, in the middle. */}
          <rect x="22" y="14" width="76" height="54" rx="8" fill="#fde7ee" stroke="#d82454" strokeWidth="2" />
          <path d="M53 30l18 11-18 11z" fill="#d82454" />
          <path d="M46 76h28" stroke="#d82454" strokeWidth="2" strokeLinecap="round" />
          <path d="M103 6l2.5 5 5.5 1-4 3.5 1 5.5-5-2.7-5 2.7 1-5.5-4-3.5 5.5-1z" fill="#f5b400" />
        </>
      )}
      {name === 'video' && (
        <>
          {/* A screen with a play mark, and a small shopping bag: videos bought come here. */}
          <rect x="14" y="14" width="76" height="54" rx="8" fill="#fde7ee" stroke="#d82454" strokeWidth="2" />
          <path d="M45 30l18 11-18 11z" fill="#d82454" />
          <path d="M38 76h28" stroke="#d82454" strokeWidth="2" strokeLinecap="round" />
          <path d="M86 46h22l-3 30H89z" fill="#fff" stroke="#d82454" strokeWidth="2" strokeLinejoin="round" />
          <path d="M91 46v-4a6 6 0 0 1 12 0v4" stroke="#d82454" strokeWidth="2" fill="none" />
          <path d="M99 6l2.5 5 5.5 1-4 3.5 1 5.5-5-2.7-5 2.7 1-5.5-4-3.5 5.5-1z" fill="#f5b400" />
        </>
      )}
    </svg>
  );
}

/**
 * What an empty screen shows (shelf, history, search, money records, lists, a home with nothing yet, a
 * book that does not exist): a picture of its own, its title (the spec's 暂时没有记录 for a list), a line
 * saying what would fill the screen, and the way to what would — or, where nothing is anywhere yet, a
 * button asking again (`onReload`).
 */
export function EmptyState({
  kind,
  onReload,
  reloading = false,
}: {
  kind: Kind;
  onReload?: () => void;
  /** Asking again: the button waits for the answer. */
  reloading?: boolean;
}) {
  const e = EMPTY[kind];
  return (
    <div className="empty-state list-empty" role="status">
      <EmptyPicture name={e.picture} />
      <p className="empty-title">{e.title ?? Msg.emptyList}</p>
      <p className="empty-hint">{EmptyText.hint[kind]}</p>
      {e.to ? (
        <Link to={e.to} className="empty-action">
          {e.action}
        </Link>
      ) : (
        onReload && (
          <button
            type="button"
            className="empty-action"
            onClick={onReload}
            disabled={reloading}
            aria-busy={reloading}
          >
            {e.action}
          </button>
        )
      )}
    </div>
  );
}
