import './danmu.css';
import { playerText, type PlayerLang } from '../../../contract';

/**
 * The comment bar's look before the player brings the real one (DanmuLayer): the room under the
 * picture reads as the bar from the first paint, not as a black band under the poster. It sits at the
 * bottom of the player's slot; the real bar, later in the page, covers it.
 */
export function DanmuBarPlaceholder({ lang }: { lang: PlayerLang }) {
  const t = playerText(lang);
  return (
    <div className="ink-danmu-bar ink-danmu-bar-placeholder" aria-hidden="true">
      <span className="ink-danmu-toggle on">{t.danmu}</span>
      <span className="ink-danmu-field">{t.danmuPlaceholder}</span>
      <span className="ink-danmu-send">{t.send}</span>
    </div>
  );
}
