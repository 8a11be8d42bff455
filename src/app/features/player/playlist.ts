import { useCallback, useState } from 'react';

/** A playlist item (spec §3: name, source). The source is the video id: its watch call gives the stream. */
export interface PlaylistItem {
  id: number;
  name: string;
}

/** What the player's playlist panel gets from its page. */
export interface PlayerPlaylist {
  items: readonly PlaylistItem[];
  /** The active item: the video now in the player. */
  index: number;
  /** Show the panel as the player starts (the user just moved here from it). */
  open: boolean;
  onMove: (index: number) => void;
}

export type PlaylistStep = { kind: 'move'; index: number } | { kind: 'first' } | { kind: 'last' };

/** Previous / next from `index`: the next index, or which boundary stopped it (spec §5 tips). */
export function stepPlaylist(length: number, index: number, dir: -1 | 1): PlaylistStep {
  const to = index + dir;
  if (to < 0) return { kind: 'first' };
  if (to >= length) return { kind: 'last' };
  return { kind: 'move', index: to };
}

interface VodLike {
  vodId: number;
  vodName: string;
}
/** A video with its recommendations, as the watch answer gives it. */
type VodWithList = VodLike & { guessLikeList: readonly VodLike[] };

/**
 * A video's own playlist: the video itself, then its recommendations (更多精彩推荐) in the server's
 * order, without repeats.
 */
export function playlistOf(vod: VodWithList): PlaylistItem[] {
  const items: PlaylistItem[] = [{ id: vod.vodId, name: vod.vodName }];
  for (const g of vod.guessLikeList) {
    if (!items.some((i) => i.id === g.vodId)) items.push({ id: g.vodId, name: g.vodName });
  }
  return items;
}

/** Where `id` is in `items`, or -1. */
export const indexOfItem = (items: readonly PlaylistItem[], id: number): number =>
  items.findIndex((i) => i.id === id);

/** The list kept by the page: the one the user last moved through, and the item moved to. */
export interface KeptPlaylist {
  items: readonly PlaylistItem[];
  movedTo: number | null;
}

/**
 * The playlist shown for `vod`: the kept one while the video is in it (so moving to the next video does
 * not replace the list with that video's own recommendations, which would make every item the first),
 * otherwise the video's own list. The active index follows the video in the player.
 */
export function playlistFor(
  kept: KeptPlaylist | null,
  vod: VodWithList,
): { items: readonly PlaylistItem[]; index: number; open: boolean } {
  const at = kept ? indexOfItem(kept.items, vod.vodId) : -1;
  if (kept && at >= 0) return { items: kept.items, index: at, open: kept.movedTo === vod.vodId };
  return { items: playlistOf(vod), index: 0, open: false };
}

/**
 * The detail page's playlist. Moving keeps the list shown at that moment and asks the page to show the
 * chosen video (`go`), whose watch call brings its stream and the server's access check.
 */
export function usePlaylist(
  vod: VodWithList | undefined,
  go: (vodId: number) => void,
): PlayerPlaylist | undefined {
  const [kept, setKept] = useState<KeptPlaylist | null>(null);
  const shown = vod ? playlistFor(kept, vod) : null;
  const items = shown?.items;
  const onMove = useCallback(
    (index: number) => {
      const target = items?.[index];
      if (!items || !target) return;
      setKept({ items, movedTo: target.id });
      go(target.id);
    },
    [items, go],
  );
  return shown ? { ...shown, onMove } : undefined;
}
