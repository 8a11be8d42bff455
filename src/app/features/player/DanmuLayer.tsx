import './danmu.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { DANMU_TEXT_MAX, type VodDanmu, playerText, type PlayerLang } from '../../../contract';
import { showToast } from '../../components/toast-store';
import { messageForError } from '../../lib/api/http';
import { postDanmu } from '../../lib/api/vods';
import { acceptAll, sentDanmu, type Danmu } from './danmu';
import { withSent, type SentDanmu } from './danmu-own';
import { DanmuStage } from './danmu-stage';
import type { PlayerHandle } from './usePlayer';

interface Props {
  handle: PlayerHandle;
  lang: PlayerLang;
  vodId: number;
  /** The video's comments from the watch answer. */
  comments: readonly VodDanmu[];
  /** px at the stage's bottom kept clear for subtitle cues (0 with subtitles off). */
  bottomBand: number;
}

/**
 * Comments (danmu) over the video on its clock, while the user leaves them on; they pause with playback
 * and run when it plays. A sent comment shows at once and is posted to the video's comments.
 */
export function DanmuLayer({ handle, lang, vodId, comments, bottomBand }: Props) {
  const { video, container } = handle;
  const [on, setOn] = useState(true);
  const [draft, setDraft] = useState('');
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const stage = useRef<DanmuStage | null>(null);
  // Comments sent here join the list, so turning the layer off and on again keeps them; once the
  // server's list (a later watch answer) holds one, only its copy stays (danmu-own.ts).
  const list = useRef<Danmu[]>([]);
  const sent = useRef<SentDanmu[]>([]);
  const band = useRef(bottomBand);
  const t = playerText(lang);

  useEffect(() => {
    list.current = withSent(acceptAll(comments), sent.current);
  }, [comments]);

  useEffect(() => {
    band.current = bottomBand;
    stage.current?.setBottomBand(bottomBand);
  }, [bottomBand]);

  useEffect(() => {
    if (!on || !root) return;
    const s = new DanmuStage(root, video, list.current);
    s.setBottomBand(band.current);
    stage.current = s;
    return () => {
      s.destroy();
      stage.current = null;
    };
  }, [on, root, video]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    const c = sentDanmu(draft, video.currentTime * 1000);
    if (!c) return;
    const mine: SentDanmu = { local: c };
    sent.current = [...sent.current, mine];
    list.current = [...list.current, c];
    stage.current?.send(c);
    setDraft('');
    postDanmu({ vodId, stime: c.stime, text: c.text, mode: c.mode, size: c.size, color: c.color }).then(
      (saved) => (mine.serverId = saved.id),
      (err: unknown) => showToast(messageForError(err)),
    );
  };

  return (
    <>
      {on && createPortal(<div ref={setRoot} className="ink-danmu" aria-hidden="true" />, container)}
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
          maxLength={DANMU_TEXT_MAX}
          enterKeyHint="send"
        />
        <button type="submit" className="ink-danmu-send">
          {t.send}
        </button>
      </form>
    </>
  );
}
