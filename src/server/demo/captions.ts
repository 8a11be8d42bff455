/**
 * Which words a demo video burns into its picture and which it ships as subtitle tracks. A subtitle
 * track never repeats what the picture already shows: a scene whose characters speak in Chinese speech
 * bubbles ships an English translation only (off until chosen: the picture carries the words), and a
 * narrated scene burns nothing and ships Chinese subtitles (on at the start) and English ones.
 */

export type CaptionLanguage = 'zh' | 'en';

/** How a scene tells its lines: speech bubbles burnt into the picture, or a voice over the picture. */
export type LineStyle = 'bubbles' | 'narration';

export interface SubtitlePlan {
  language: CaptionLanguage;
  name: string;
  /** Shown when the video starts (the master playlist's DEFAULT=YES). */
  default: boolean;
}

export interface CaptionPlan {
  /** The language the picture shows in speech bubbles, or null when nothing is burnt in. */
  burned: CaptionLanguage | null;
  subtitles: SubtitlePlan[];
}

/** The languages of a demo video's lines, in the order the picker lists them. */
export const LINE_LANGUAGES: readonly CaptionLanguage[] = ['zh', 'en'];

const TRACK_NAMES: Record<CaptionLanguage, string> = { zh: '中文', en: 'English' };

/**
 * The subtitle tracks of a video whose picture shows `burned` (or nothing): every language of the
 * lines except the burnt one. With nothing burnt in, the first track is on at the start (the words are
 * nowhere else); with bubbles, none is (a translation is the viewer's choice).
 */
export function subtitlePlan(
  burned: CaptionLanguage | null,
  languages: readonly CaptionLanguage[] = LINE_LANGUAGES,
): SubtitlePlan[] {
  return languages
    .filter((language) => language !== burned)
    .map((language, i) => ({ language, name: TRACK_NAMES[language], default: burned === null && i === 0 }));
}

/** A scene's captions: bubbles burn its Chinese lines in; narration burns nothing. */
export function captionPlan(style: LineStyle): CaptionPlan {
  const burned = style === 'bubbles' ? 'zh' : null;
  return { burned, subtitles: subtitlePlan(burned) };
}
