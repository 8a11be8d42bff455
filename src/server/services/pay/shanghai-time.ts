/**
 * Both providers write times in Beijing time: Alipay as "yyyy-MM-dd HH:mm:ss" without a zone, WeChat
 * Pay as RFC 3339 with +08:00. China keeps no summer time, so the offset is fixed.
 */
const OFFSET_MS = 8 * 3600_000;

/** "2026-12-02 13:45:00" (Beijing time) of an instant. */
export function alipayTime(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant of an Alipay time, or null when it is not one. */
export function parseAlipayTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** "2026-12-02T13:45:00+08:00" of an instant (WeChat Pay's time_expire). */
export function rfc3339Beijing(at: Date): string {
  return `${new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}
