import { PLAYER } from '../../../contract';

/**
 * plyr's settings menu (quality, speed) closes 150 ms after the mouse leaves it (spec §9) unless the
 * mouse comes back first. Touch has no hover: a finger lifting off the menu is not leaving it.
 */
export function closeSettingsOnLeave(controls: HTMLElement): void {
  const menu = controls.querySelector<HTMLElement>('.plyr__menu');
  if (!menu) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  menu.addEventListener('pointerleave', (e) => {
    if (e.pointerType !== 'mouse') return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      menu
        .querySelector<HTMLButtonElement>(':scope > button[data-plyr="settings"][aria-expanded="true"]')
        ?.click();
    }, PLAYER.qualityHideMs);
  });
  menu.addEventListener('pointerenter', () => clearTimeout(timer));
}
