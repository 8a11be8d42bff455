import { describe, expect, it } from 'vitest';
import {
  choiceOf,
  currentText,
  emptyPicker,
  pickerReducer,
  trackListWidth,
  type PickerState,
} from '../../src/app/features/player/tracks';

const items = [
  { value: -1, text: '关闭' },
  { value: 0, text: '中文' },
  { value: 1, text: 'English' },
];

const filled = (): PickerState => pickerReducer(emptyPicker, { type: 'fill', items, current: 0 });

describe('track picker state', () => {
  it('fills when the player reports the tracks and marks the current one', () => {
    const s = filled();
    expect(s.items).toHaveLength(3);
    expect(currentText(s)).toBe('中文');
    expect(s.open).toBe(false);
  });

  it('opens on the label only when there is something to choose', () => {
    expect(pickerReducer(emptyPicker, { type: 'open' }).open).toBe(false);
    const one = pickerReducer(emptyPicker, { type: 'fill', items: [items[1]!], current: 0 });
    expect(pickerReducer(one, { type: 'open' }).open).toBe(false);
    expect(pickerReducer(filled(), { type: 'open' }).open).toBe(true);
  });

  it('switches to another entry, marks it current and closes', () => {
    const open = pickerReducer(filled(), { type: 'open' });
    expect(choiceOf(open, 1)).toEqual({ value: 1, text: 'English' });
    const s = pickerReducer(open, { type: 'choose', value: 1 });
    expect(s.current).toBe(1);
    expect(s.open).toBe(false);
    expect(currentText(s)).toBe('English');
  });

  it('cannot choose the current entry again (nothing changes, no notice)', () => {
    const open = pickerReducer(filled(), { type: 'open' });
    expect(choiceOf(open, 0)).toBeNull();
    expect(pickerReducer(open, { type: 'choose', value: 0 })).toBe(open);
  });

  it('ignores unknown entries', () => {
    const s = filled();
    expect(choiceOf(s, 7)).toBeNull();
    expect(pickerReducer(s, { type: 'choose', value: 7 })).toBe(s);
  });

  it('closes (pointer left) and a closed list stays the same object', () => {
    const open = pickerReducer(filled(), { type: 'open' });
    const closed = pickerReducer(open, { type: 'close' });
    expect(closed.open).toBe(false);
    expect(pickerReducer(closed, { type: 'close' })).toBe(closed);
  });

  it('is 100 px wide, 43 px on screens up to 768 px', () => {
    expect(trackListWidth(390)).toBe(43);
    expect(trackListWidth(768)).toBe(43);
    expect(trackListWidth(769)).toBe(100);
    expect(trackListWidth(1280)).toBe(100);
  });
});
