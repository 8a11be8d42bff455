import { THREE_D_END_HOUR, THREE_D_START_HOUR } from '../../../contract';
import { serviceClockMinutes } from '../support/service-hours';

/**
 * The Three-D home section loads only between 21:00 and 07:00 on the service's clock (Asia/Shanghai,
 * as the support hours), whatever the device's zone, or for users who have recharged (spec §9).
 * 07:00 itself is outside the window.
 */
export function shouldLoadThreeD(now: Date, recharged: boolean): boolean {
  if (recharged) return true;
  const h = Math.floor(serviceClockMinutes(now) / 60);
  return h >= THREE_D_START_HOUR || h < THREE_D_END_HOUR;
}
