import { useEffect, useState, type CSSProperties, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { cssColor, danmuKind, DANMU_LANES, pushDanmu, sentDanmu, type Danmu } from './danmu';
import { playerText, type PlayerLang } from './i18n';
import type { PlayerHandle } from './usePlayer';

/**
 * Comments (danmu): drawn over the video while the user leaves them on; they pause with playback and
 * run when it plays. Text goes in as text (React escapes it), never as HTML.
 */
export function DanmuLayer({ handle, lang }: { handle: PlayerHandle; lang: PlayerLang }) {
  const { video, container } = handle;
  const [on, setOn] = useState(true);
  const [list, setList] = useState<Danmu[]>([]);
  const [paused, setPaused] = useState(video.paused);
  const [draft, setDraft] = useState('');
  const t = playerText(lang);

  useEffect(() => {
    const sync = () => setPaused(video.paused);
    video.addEventListener('play', sync);
    video.addEventListener('pause', sync);
    return () => {
      video.removeEventListener('play', sync);
      video.removeEventListener('pause', sync);
    };
  }, [video]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    const c = sentDanmu(draft);
    if (!c) return;
    setList((l) => pushDanmu(l, c));
    setDraft('');
  };
  const done = (id: number) => setList((l) => l.filter((c) => c.id !== id));

  return (
    <>
      {on &&
        createPortal(
          <div className={paused ? 'ink-danmu paused' : 'ink-danmu'} aria-hidden="true">
            {list.map((c, i) => {
              const kind = danmuKind(c.mode);
              const style = {
                '--lane': i % DANMU_LANES,
                fontSize: `${c.size}px`,
                color: cssColor(c.color),
                animationDuration: `${c.dur}ms`,
              } as CSSProperties;
              return (
                <span
                  key={c.id}
                  className={`ink-danmu-item ${kind}`}
                  style={style}
                  onAnimationEnd={() => done(c.id)}
                >
                  {c.text}
                </span>
              );
            })}
          </div>,
          container,
        )}
      <form className="ink-danmu-bar" onSubmit={send}>
        <button
          type="button"
          className={on ? 'ink-danmu-toggle on' : 'ink-danmu-toggle'}
          aria-pressed={on}
          aria-label={t.danmu}
          onClick={() => setOn(!on)}
        >
          {t.danmu}
        </button>
        <input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t.danmuPlaceholder}
          aria-label={t.danmuPlaceholder}
          maxLength={50}
          enterKeyHint="send"
        />
        <button type="submit" className="ink-danmu-send">
          {t.send}
        </button>
      </form>
    </>
  );
}
