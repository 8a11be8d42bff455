/**
 * The player's 自动播放 setting (spec §4 resume): on by default, remembered on this device. With it on a
 * saved position is sought and played; off, the resume prompt offers it and nothing starts by itself.
 */
export const AUTOPLAY_KEY = 'ink.player.autoplay';

/** Anything but an explicit "off" is on: a new device, or a damaged value, keeps the default. */
export const parseAutoplaySetting = (raw: string | null | undefined): boolean => raw !== '0';

type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;

function deviceStorage(): KeyValue | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked (private mode, policy): the default applies and nothing is remembered.
    return null;
  }
}

export function readAutoplaySetting(storage: KeyValue | null = deviceStorage()): boolean {
  try {
    return parseAutoplaySetting(storage?.getItem(AUTOPLAY_KEY));
  } catch {
    return true;
  }
}

export function writeAutoplaySetting(on: boolean, storage: KeyValue | null = deviceStorage()): void {
  try {
    storage?.setItem(AUTOPLAY_KEY, on ? '1' : '0');
  } catch {
    // Full or blocked storage: the choice holds for this page only.
  }
}
