import { THREE_D_END_HOUR, THREE_D_START_HOUR } from '../../../contract';

/**
 * The Three-D home section loads only between 21:00 and 07:00 local time, or for users who have
 * recharged (spec §9). 07:00 itself is outside the window.
 */
export function shouldLoadThreeD(now: Date, recharged: boolean): boolean {
  if (recharged) return true;
  const h = now.getHours();
  return h >= THREE_D_START_HOUR || h < THREE_D_END_HOUR;
}
