import { PLAYER } from '../../../contract';

/** One entry of the subtitle or audio picker (spec §3: value, text). */
export interface TrackItem {
  value: number;
  text: string;
}

export interface PickerState {
  items: TrackItem[];
  current: number;
  open: boolean;
}

export const emptyPicker: PickerState = { items: [], current: -1, open: false };

export type PickerAction =
  | { type: 'fill'; items: TrackItem[]; current: number }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'choose'; value: number };

/** Picker state: filled when the tracks are reported; the current entry cannot be chosen again. */
export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'fill':
      return { ...state, items: action.items, current: action.current };
    case 'open':
      return state.items.length > 1 ? { ...state, open: true } : state;
    case 'close':
      return state.open ? { ...state, open: false } : state;
    case 'choose':
      if (action.value === state.current || !state.items.some((i) => i.value === action.value)) return state;
      return { ...state, current: action.value, open: false };
  }
}

/** The entry a choice switches to, or null when nothing changes (current entry, unknown value). */
export function choiceOf(state: PickerState, value: number): TrackItem | null {
  if (value === state.current) return null;
  return state.items.find((i) => i.value === value) ?? null;
}

export const currentText = (s: PickerState) => s.items.find((i) => i.value === s.current)?.text ?? '';

/** Lists are 100 px wide, or 43 px on screens up to 768 px (spec §9). */
export const trackListWidth = (screenWidth: number) =>
  screenWidth <= PLAYER.mobileMaxWidthPx ? PLAYER.trackListWidthMobilePx : PLAYER.trackListWidthPx;
