/** What to do with a saved position on load (spec §4 resume). */
export type ResumeAction = 'none' | 'seek' | 'prompt';

export function resumeAction(saved: number, duration: number, autoplay: boolean): ResumeAction {
  // Watched to the end: it starts again rather than seeking to (or offering) the last frame.
  if (!resumePromptVisible(saved, duration)) return 'none';
  return autoplay ? 'seek' : 'prompt';
}

/**
 * Whether a position is saved over the stored one. 0 means nothing played this visit (the prompt was
 * closed or ignored, or the page left before playing): the place saved before is kept, or the prompt
 * could never be offered again.
 */
export const keepsPosition = (seconds: number): boolean => Number.isFinite(seconds) && seconds > 0;

/** The prompt is hidden when the saved time equals the total duration (the video was watched to the end). */
export function resumePromptVisible(saved: number, duration: number): boolean {
  if (!(saved > 0)) return false;
  if (!Number.isFinite(duration) || duration <= 0) return true;
  return Math.floor(saved) < Math.floor(duration);
}

/** 75 → '01:15', 3725 → '1:02:05'. */
export function formatTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const body = `${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  return h > 0 ? `${h}:${body}` : body;
}
