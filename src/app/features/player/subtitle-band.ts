/**
 * The band at the bottom of the comment stage where subtitle cues show (player.css: .ink-subtitles sits
 * 52 px above the player's bottom, .ink-danmu ends 48 px above it; a cue is up to two 15 px lines of
 * 1.35 line height with 1 px padding and a 2 px gap). Kept clear of comments while subtitles are on,
 * whether or not a cue shows at this moment, so no comment flies into the next cue.
 */
const STAGE_TO_CUES_PX = 52 - 48;
const CUE_LINE_PX = Math.ceil(15 * 1.35 + 2);
const CUE_LINES = 2;
const CLEARANCE_PX = 6;
/** How far a prompt at the bottom lifts the cues (.ink-subtitles.lifted: 92 px instead of 52 px). */
const LIFT_PX = 92 - 52;

export function subtitleBand(subtitlesOn: boolean, lifted = false): number {
  if (!subtitlesOn) return 0;
  return STAGE_TO_CUES_PX + CUE_LINES * CUE_LINE_PX + 2 + CLEARANCE_PX + (lifted ? LIFT_PX : 0);
}
