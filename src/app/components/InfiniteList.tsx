import { useEffect, useRef, type Key, type ReactNode } from 'react';
import { Msg, CommonText } from '../../contract';
import { nearBottomRootMargin } from '../lib/paging';

/** The parts of a TanStack `useInfiniteQuery` result the list needs. */
export interface InfiniteQueryLike {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isPending: boolean;
  isError: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

interface Props<T> {
  query: InfiniteQueryLike;
  /** The loaded items, flattened from `query.data.pages`. */
  items: readonly T[];
  /** Draw one item… */
  renderItem?: (item: T, index: number) => ReactNode;
  /** …or all of them at once (e.g. the first 3 small, the rest large). */
  render?: (items: readonly T[]) => ReactNode;
  itemKey?: (item: T, index: number) => Key;
  className?: string;
  /** Shown above the items (not counted as items). */
  header?: ReactNode;
  /** Shown instead of the plain 暂时没有记录 when the list is empty. */
  empty?: ReactNode;
}

/**
 * An infinitely scrolling list: more is loaded when the bottom sentinel comes within
 * NEAR_BOTTOM_RATIO × the view height; 暂时没有记录 when empty, 暂时没有更多啦! at the end (spec §4, §8).
 */
export function InfiniteList<T>({
  query,
  items,
  renderItem,
  render,
  itemKey,
  className,
  header,
  empty,
}: Props<T>) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isPending, isError, fetchNextPage } = query;
  const count = items.length;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage || isPending || isError) return;
    // Re-created after every page so a short page that leaves the sentinel in view loads the next one too.
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          void fetchNextPage();
        }
      },
      { rootMargin: nearBottomRootMargin() },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, isPending, isError, fetchNextPage, count]);

  let footer: ReactNode = null;
  if (isPending || isFetchingNextPage)
    footer = (
      <div className="list-status" aria-busy="true">
        {CommonText.loading}
      </div>
    );
  else if (isError && count === 0)
    footer = (
      <div className="list-status">
        {Msg.loadFailed}
        <button type="button" className="list-retry" onClick={() => void query.refetch()}>
          {CommonText.reload}
        </button>
      </div>
    );
  else if (isError && hasNextPage)
    footer = (
      <button type="button" className="list-status list-retry" onClick={() => void fetchNextPage()}>
        {CommonText.loadFailedRetry}
      </button>
    );
  else if (count === 0) footer = empty ?? <div className="list-status list-empty">{Msg.emptyList}</div>;
  else if (!hasNextPage) footer = <div className="list-status list-end">{Msg.endOfList}</div>;

  return (
    <div className={className}>
      {header}
      {render
        ? render(items)
        : renderItem &&
          items.map((item, i) => (
            <ItemSlot key={itemKey ? itemKey(item, i) : i}>{renderItem(item, i)}</ItemSlot>
          ))}
      {footer}
      <div ref={sentinel} className="list-sentinel" aria-hidden="true" />
    </div>
  );
}

function ItemSlot({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
