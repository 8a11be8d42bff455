import './player-tools.css';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { PLAYER, playerText, type PlayerLang } from '../../../contract';
import { stepPlaylist, type PlayerPlaylist } from './playlist';

interface Props {
  playlist: PlayerPlaylist;
  /** The control bar slot for the toggle button. */
  slot: HTMLElement;
  /** plyr's container: the panel lives there so it stays in fullscreen. */
  container: HTMLElement;
  lang: PlayerLang;
}

/**
 * The playlist panel (spec §2, §4): a control-bar button opens it on the right, 30% of the player wide,
 * with previous / next and the items, the active one marked. It closes by itself 5 s after the last
 * interaction with it (not merely after opening: someone reading or tabbing through it keeps it), and a
 * boundary tip shows for 3 s.
 */
export function PlaylistControl({ playlist, slot, container, lang }: Props) {
  const { items, index, onMove } = playlist;
  const t = playerText(lang);
  const [open, setOpen] = useState(playlist.open);
  const [tip, setTip] = useState<{ text: string; at: number } | null>(null);
  // Bumped on every interaction: the auto-close timer restarts from it.
  const [touched, setTouched] = useState(0);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const active = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    // Focus inside a panel that disappears would drop to <body>: give it back to the toggle.
    const hadFocus = panel.current?.contains(document.activeElement) ?? false;
    setOpen(false);
    if (hadFocus) toggle.current?.focus();
  }, []);
  const touch = () => setTouched((n) => n + 1);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(close, PLAYER.playlistAutoCloseMs);
    return () => clearTimeout(timer);
  }, [open, touched, close]);

  useEffect(() => {
    if (!tip) return;
    const timer = setTimeout(() => setTip(null), PLAYER.playlistTipMs);
    return () => clearTimeout(timer);
  }, [tip]);

  // Opened (by the button, or after moving here from the panel): the active item takes the focus, so a
  // keyboard user lands where they are in the list.
  useEffect(() => {
    if (!open) return;
    // Scrolled by hand: scrollIntoView would scroll the page too when the player is partly off screen.
    const item = active.current;
    const list = item?.closest('ol');
    if (item && list) list.scrollTop = item.offsetTop - (list.clientHeight - item.offsetHeight) / 2;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused !== toggle.current) return;
    active.current?.focus({ preventScroll: true });
  }, [open]);

  const step = (dir: -1 | 1) => {
    touch();
    const s = stepPlaylist(items.length, index, dir);
    if (s.kind === 'move') onMove(s.index);
    else setTip({ text: s.kind === 'first' ? t.firstOne : t.lastOne, at: Date.now() });
  };
  const choose = (i: number) => {
    touch();
    if (i !== index) onMove(i);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // plyr listens on its container for arrows (seek, volume) and digits: they belong to the panel here.
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    touch();
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const buttons = [...(panel.current?.querySelectorAll<HTMLButtonElement>('.ink-playlist-item') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      at < 0 ? index : Math.min(buttons.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
    buttons[next]?.focus();
  };

  return (
    <>
      {createPortal(
        <button
          ref={toggle}
          type="button"
          className={open ? 'plyr__control ink-playlist-toggle open' : 'plyr__control ink-playlist-toggle'}
          aria-label={t.playlist}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M3 5h13v2H3zm0 6h13v2H3zm0 6h9v2H3zm15-4v8l5-4z" fill="currentColor" />
          </svg>
        </button>,
        slot,
      )}
      {createPortal(
        <div
          ref={panel}
          id={panelId}
          className="ink-playlist"
          role="region"
          aria-label={t.playlist}
          hidden={!open}
          onPointerDown={touch}
          onFocus={touch}
          onKeyDown={onKeyDown}
          onKeyUp={(e) => e.stopPropagation()}
        >
          <div className="ink-playlist-nav">
            <button type="button" className="ink-playlist-prev" onClick={() => step(-1)}>
              {t.previous}
            </button>
            <button type="button" className="ink-playlist-next" onClick={() => step(1)}>
              {t.next}
            </button>
          </div>
          <div className="ink-playlist-tip" role="status">
            {tip && <span key={tip.at}>{tip.text}</span>}
          </div>
          <ol className="ink-playlist-items" onScroll={touch}>
            {items.map((item, i) => (
              <li key={item.id}>
                <button
                  ref={i === index ? active : undefined}
                  type="button"
                  className={i === index ? 'ink-playlist-item active' : 'ink-playlist-item'}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => choose(i)}
                >
                  {item.name}
                </button>
              </li>
            ))}
          </ol>
        </div>,
        container,
      )}
    </>
  );
}
