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
  item.addEventListener('click', toggle);
  menu.append(item);
  return () => {
    item.removeEventListener('click', toggle);
    item.remove();
  };
}
