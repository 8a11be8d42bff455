import { useEffect, useId, useReducer, useRef } from 'react';
import { PLAYER } from '../../../contract';
import { choiceOf, currentText, emptyPicker, pickerReducer, type TrackItem } from './tracks';
import type { TrackList } from './usePlayer';

interface Props {
  /** 'Subtitles' / '字幕' or 'Audio' / '音轨'. */
  label: string;
  /** Between the label and the current entry in the button's name: '：' or ': ' by player language. */
  colon: string;
  kind: 'subtitle' | 'audio';
  tracks: TrackList;
  onChoose: (item: TrackItem) => void;
}

/**
 * A track picker of the control bar (spec §4): opens on the current label, the current entry cannot be
 * chosen again, and the list hides 100 ms after the pointer leaves.
 */
export function TrackPicker({ label, colon, kind, tracks, onChoose }: Props) {
  const [state, dispatch] = useReducer(pickerReducer, emptyPicker);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = useId();

  useEffect(() => {
    dispatch({ type: 'fill', items: tracks.items, current: tracks.current });
  }, [tracks]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  // On touch there is no pointer to leave: a tap anywhere else closes the list.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!state.open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) dispatch({ type: 'close' });
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [state.open]);

  if (state.items.length < 2) return null;

  const cancelHide = () => clearTimeout(hideTimer.current);
  const scheduleHide = () => {
    cancelHide();
    hideTimer.current = setTimeout(() => dispatch({ type: 'close' }), PLAYER.trackListHideMs);
  };
  const choose = (value: number) => {
    const item = choiceOf(state, value);
    if (!item) return;
    dispatch({ type: 'choose', value });
    onChoose(item);
  };

  return (
    <div
      ref={root}
      className={`ink-track ink-track-${kind}`}
      onPointerEnter={cancelHide}
      onPointerLeave={(e) => e.pointerType === 'mouse' && scheduleHide()}
    >
      <button
        type="button"
        className="plyr__control ink-track-label"
        aria-label={`${label}${colon}${currentText(state)}`}
        aria-haspopup="true"
        aria-expanded={state.open}
        aria-controls={listId}
        onClick={() => dispatch({ type: state.open ? 'close' : 'open' })}
      >
        {currentText(state)}
      </button>
      {state.open && (
        <ul id={listId} className="ink-track-list" role="menu" aria-label={label}>
          {state.items.map((it) => {
            const current = it.value === state.current;
            return (
              <li key={it.value} role="none">
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={current}
                  aria-disabled={current}
                  className={current ? 'ink-track-item current' : 'ink-track-item'}
                  onClick={() => choose(it.value)}
                >
                  {it.text}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
