import { Link } from '@tanstack/react-router';
import { previewText } from './preview';
import { formatTime } from './resume';
import { playerText, type PlayerLang } from '../../../contract';

/** Resume prompt at the bottom right (spec §2). */
export function ResumePrompt({
  at,
  lang,
  onJump,
  onClose,
}: {
  at: number;
  lang: PlayerLang;
  onJump: () => void;
  onClose: () => void;
}) {
  const t = playerText(lang);
  return (
    <div className="ink-resume" role="status">
      <span>
        {t.lastWatched} {formatTime(at)}
      </span>
      <button type="button" className="ink-resume-jump" onClick={onJump}>
        {t.jumpToPlay}
      </button>
      <button type="button" className="ink-resume-close" aria-label={t.close} onClick={onClose}>
        ×
      </button>
    </div>
  );
}

/** The end layer of a preview ('Preview is over' / 试看已结束). */
export function PreviewLayer({ lang }: { lang: PlayerLang }) {
  return (
    <div className="ink-preview-layer" role="status">
      {playerText(lang).previewOver}
    </div>
  );
}

/** The tip bar of a preview: 'Try' plus its length, and the 'Become VIP' prompt. */
export function PreviewTip({ length, lang }: { length: number; lang: PlayerLang }) {
  return (
    <div className="ink-preview-tip">
      <span>{previewText(length, lang)}</span>
      <Link to="/purchase" className="ink-preview-vip">
        {playerText(lang).becomeVip}
      </Link>
    </div>
  );
}

/** play() was refused: 'Your browser limits autoplay / Please Click'. */
export function AutoplayPrompt({ lang, onPlay }: { lang: PlayerLang; onPlay: () => void }) {
  const t = playerText(lang);
  return (
    <button type="button" className="ink-autoplay" onClick={onPlay}>
      <span>{t.autoplayLimited}</span>
      <strong>{t.pleaseClick}</strong>
    </button>
  );
}

/** The small notice at the bottom left confirming a track switch. */
export function SwitchNotice({ text }: { text: string }) {
  return (
    <div className="ink-notice" role="status">
      {text}
    </div>
  );
}

/** Shown while hls.js switches to the chosen quality (height 0: auto). */
export function SwitchingModal({ height, lang }: { height: number; lang: PlayerLang }) {
  const t = playerText(lang);
  return (
    <div className="ink-switching" role="status">
      {t.switching} {height > 0 ? `${height}P` : t.auto}
    </div>
  );
}
