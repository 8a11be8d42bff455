import './player-tools.css';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { identityView, mirrorView, rotateView, videoTransform, type VideoView } from './rotate';
import { playerText, type PlayerLang } from '../../../contract';

interface Props {
  video: HTMLVideoElement;
  /** The control bar slot for the button and its menu. */
  slot: HTMLElement;
  lang: PlayerLang;
}

/**
 * The rotate/mirror menu (spec §2, §9: 45° steps). Rotation and mirror go into one transform on the
 * <video>, scaled so the turned picture fits the player; it is worked out again whenever the element's
 * box changes (fullscreen, resize, orientation) or the stream's picture size becomes known.
 */
export function RotateMenu({ video, slot, lang }: Props) {
  const t = playerText(lang);
  const [view, setView] = useState<VideoView>(identityView);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Layout effect: the new transform lands with the render, never a frame later.
  useLayoutEffect(() => {
    // setProperty: the <video> belongs to plyr, not React; its inline transform is ours alone.
    const apply = () => {
      const transform = videoTransform(
        view,
        // Layout size, which a transform does not change.
        { width: video.clientWidth, height: video.clientHeight },
        { width: video.videoWidth, height: video.videoHeight },
      );
      if (transform) video.style.setProperty('transform', transform);
      else video.style.removeProperty('transform');
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(video);
    video.addEventListener('loadedmetadata', apply);
    video.addEventListener('resize', apply);
    return () => {
      observer.disconnect();
      video.removeEventListener('loadedmetadata', apply);
      video.removeEventListener('resize', apply);
      video.style.removeProperty('transform');
    };
  }, [video, view]);

  // On touch there is no pointer to leave: a tap anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  useEffect(() => {
    if (open) root.current?.querySelector<HTMLButtonElement>('[role^="menuitem"]')?.focus();
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    // plyr reads arrows and digits on its container (seek, volume): inside the menu they move the focus.
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = [...(root.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const n = items.length;
    items[(at + (e.key === 'ArrowDown' ? 1 : n - 1)) % n]?.focus();
  };

  const items: { label: string; next: (v: VideoView) => VideoView; checked?: boolean }[] = [
    { label: t.rotateLeft, next: (v) => rotateView(v, 'left') },
    { label: t.rotateRight, next: (v) => rotateView(v, 'right') },
    { label: t.mirror, next: mirrorView, checked: view.mirror },
    { label: t.resetView, next: () => identityView },
  ];

  // The menu stays open after a choice: turning by 90° or more takes several presses.
  return createPortal(
    <div ref={root} className="ink-rotate" onKeyDown={onKeyDown} onKeyUp={(e) => e.stopPropagation()}>
      <button
        ref={button}
        type="button"
        className="plyr__control ink-rotate-toggle"
        aria-label={t.rotate}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M12 4V1L8 5l4 4V6a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <ul id={menuId} className="ink-rotate-menu" role="menu" aria-label={t.rotate}>
          {items.map((item) => (
            <li role="none" key={item.label}>
              <button
                type="button"
                role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                aria-checked={item.checked}
                className="ink-rotate-item"
                onClick={() => setView(item.next)}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>,
    slot,
  );
}
