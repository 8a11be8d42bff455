import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { VodMarker } from '../../../contract';
import { SecureImage } from '../../components/SecureImage';
import { seekAndPlay } from './media-actions';
import { formatTime } from './resume';
import type { PlayerHandle } from './usePlayer';
import { playerText, type PlayerLang } from '../../../contract';

/**
 * Progress markers with our own cards (plyr's markers ignore touch and insert labels as HTML): a dot
 * per marker on the progress bar; hover or tap opens a card with cover, title, description and play.
 */
export function MarkerLayer({
  handle,
  markers,
  lang,
}: {
  handle: PlayerHandle;
  markers: readonly VodMarker[];
  lang: PlayerLang;
}) {
  const { video, container } = handle;
  const [duration, setDuration] = useState(() => video.duration);
  const [open, setOpen] = useState<number | null>(null);
  const t = playerText(lang);
  const progress = container.querySelector<HTMLElement>('.plyr__progress');

  useEffect(() => {
    const update = () => setDuration(video.duration);
    video.addEventListener('durationchange', update);
    video.addEventListener('loadedmetadata', update);
    return () => {
      video.removeEventListener('durationchange', update);
      video.removeEventListener('loadedmetadata', update);
    };
  }, [video]);

  // A tap anywhere else closes the card (it must not sit over plyr's menus).
  useEffect(() => {
    if (open === null) return;
    const onDown = (e: PointerEvent) => {
      const el = e.target as Element | null;
      if (!el?.closest('.ink-marker-card, .ink-marker')) setOpen(null);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  if (!progress || !(duration > 0)) return null;
  const shown = markers.filter((m) => m.offset >= 0 && m.offset < duration);
  const card = open === null ? null : shown[open];

  return (
    <>
      {createPortal(
        <div className="ink-markers">
          {shown.map((m, i) => (
            <button
              key={`${m.offset}-${i}`}
              type="button"
              className={open === i ? 'ink-marker active' : 'ink-marker'}
              style={{ left: `${(m.offset / duration) * 100}%` }}
              aria-label={`${t.marker} ${formatTime(m.offset)} ${m.title}`}
              onPointerEnter={(e) => e.pointerType === 'mouse' && setOpen(i)}
              onClick={(e) => {
                e.stopPropagation();
                setOpen(open === i ? null : i);
              }}
            />
          ))}
        </div>,
        progress,
      )}
      {card &&
        createPortal(
          <div
            className="ink-marker-card"
            role="dialog"
            aria-label={card.title}
            onPointerLeave={(e) => e.pointerType === 'mouse' && setOpen(null)}
          >
            <SecureImage
              src={card.coverUrl}
              width={160}
              height={90}
              alt={card.title}
              className="ink-marker-cover"
              eager
            />
            <div className="ink-marker-text">
              <strong>{card.title}</strong>
              <p>{card.describe}</p>
              <span className="ink-marker-time">{formatTime(card.offset)}</span>
            </div>
            <button
              type="button"
              className="ink-marker-play"
              aria-label={`${t.play} ${card.title}`}
              onClick={() => {
                seekAndPlay(video, card.offset).catch(() => undefined);
                setOpen(null);
              }}
            >
              ▶
            </button>
            <button
              type="button"
              className="ink-marker-close"
              aria-label={t.close}
              onClick={() => setOpen(null)}
            >
              ×
            </button>
          </div>,
          container,
        )}
    </>
  );
}
