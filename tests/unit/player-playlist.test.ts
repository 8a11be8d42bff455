import { describe, expect, it } from 'vitest';
import { indexOfItem, playlistFor, playlistOf, stepPlaylist } from '../../src/app/features/player/playlist';

const brief = (vodId: number) => ({ vodId, vodName: `视频${vodId}` });
const vod = (vodId: number, guess: number[]) => ({ ...brief(vodId), guessLikeList: guess.map(brief) });

describe('playlist steps', () => {
  it('moves to the previous and next index inside the list', () => {
    expect(stepPlaylist(4, 1, 1)).toEqual({ kind: 'move', index: 2 });
    expect(stepPlaylist(4, 1, -1)).toEqual({ kind: 'move', index: 0 });
    expect(stepPlaylist(4, 3, -1)).toEqual({ kind: 'move', index: 2 });
  });

  it('stops at the boundaries with which one it was', () => {
    expect(stepPlaylist(4, 0, -1)).toEqual({ kind: 'first' });
    expect(stepPlaylist(4, 3, 1)).toEqual({ kind: 'last' });
    // A one-item list is both first and last.
    expect(stepPlaylist(1, 0, -1)).toEqual({ kind: 'first' });
    expect(stepPlaylist(1, 0, 1)).toEqual({ kind: 'last' });
  });
});

describe('a video playlist', () => {
  it('is the video, then its recommendations in order, without repeats', () => {
    expect(playlistOf(vod(5, [9, 7, 9, 5, 3]))).toEqual([
      { id: 5, name: '视频5' },
      { id: 9, name: '视频9' },
      { id: 7, name: '视频7' },
      { id: 3, name: '视频3' },
    ]);
    expect(playlistOf(vod(5, []))).toEqual([{ id: 5, name: '视频5' }]);
  });

  it("starts from the video's own list with the video active and the panel closed", () => {
    const shown = playlistFor(null, vod(5, [9, 7]));
    expect(shown.items.map((i) => i.id)).toEqual([5, 9, 7]);
    expect(shown.index).toBe(0);
    expect(shown.open).toBe(false);
  });

  it('keeps the list moved through, marks the moved-to video and reopens the panel on it', () => {
    const first = playlistFor(null, vod(5, [9, 7]));
    const kept = { items: first.items, movedTo: 9 };
    // Video 9's own recommendations differ: the list stays the one the user moved through.
    const second = playlistFor(kept, vod(9, [1, 2, 5]));
    expect(second.items).toBe(first.items);
    expect(second.index).toBe(1);
    expect(second.open).toBe(true);
    expect(indexOfItem(second.items, 7)).toBe(2);
    // Reaching a video of the kept list another way (a card) marks it but leaves the panel shut.
    const viaCard = playlistFor(kept, vod(7, [1]));
    expect(viaCard.index).toBe(2);
    expect(viaCard.open).toBe(false);
  });

  it('starts afresh for a video outside the kept list', () => {
    const kept = { items: playlistOf(vod(5, [9, 7])), movedTo: 9 };
    const other = playlistFor(kept, vod(42, [43]));
    expect(other.items.map((i) => i.id)).toEqual([42, 43]);
    expect(other.index).toBe(0);
    expect(other.open).toBe(false);
  });
});
