/**
 * The 自动播放 toggle in plyr's settings menu (home pane, after quality and speed). plyr has no API for
 * custom settings, so the item is a plyr-styled button added to its menu; it flips itself and reports.
 */
export function addAutoplayItem(
  controls: HTMLElement,
  text: { label: string; on: string; off: string },
  checked: boolean,
  onToggle: (on: boolean) => void,
): () => void {
  const menu = controls.querySelector<HTMLElement>('.plyr__menu__container [id$="-home"] [role="menu"]');
  if (!menu) return () => undefined;
  const item = document.createElement('button');
  item.type = 'button';
  item.className = 'plyr__control ink-autoplay-item';
  item.setAttribute('role', 'menuitemcheckbox');
  const label = document.createElement('span');
  const value = document.createElement('span');
  value.className = 'plyr__menu__value';
  label.append(text.label, value);
  item.append(label);
  let on = checked;
  const show = () => {
    item.setAttribute('aria-checked', String(on));
    value.textContent = on ? text.on : text.off;
  };
  show();
  const toggle = (e: Event) => {
    // plyr's own menu and keyboard handlers must not take the tap as theirs.
    e.preventDefault();
    e.stopPropagation();
    on = !on;
    show();
    onToggle(on);
  };
  // Arrow keys move between the menu's items as on plyr's own, instead of reaching its volume keys.
  const arrows = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    e.stopPropagation();
    if (e.type !== 'keyup') return;
    const to =
      e.key === 'ArrowDown'
        ? (item.nextElementSibling ?? menu.firstElementChild)
        : (item.previousElementSibling ?? menu.lastElementChild);
    if (to instanceof HTMLElement) to.focus();
  };
  item.addEventListener('click', toggle);
  item.addEventListener('keydown', arrows);
  item.addEventListener('keyup', arrows);
  menu.append(item);
  return () => {
    item.removeEventListener('click', toggle);
    item.removeEventListener('keydown', arrows);
    item.removeEventListener('keyup', arrows);
    item.remove();
  };
}
