import { Msg, type PublishStatus, ComicsText } from '../../../contract';

/** 连载中 / 已完结 (spec §2 comic home). */
export const statusLabel = (s: PublishStatus | undefined) => (s === 'finish' ? Msg.finish : Msg.serialize);

/** Read counts as people read them: 9876, 1.2万, 3.4亿. */
export function formatCount(n: number): string {
  if (n >= 100_000_000) return ComicsText.hundredMillions(trim(n / 100_000_000));
  if (n >= 10_000) return ComicsText.tenThousands(trim(n / 10_000));
  return String(n);
}
const trim = (x: number) => (Math.floor(x * 10) / 10).toString();

/** Local date and time of a history entry: 11-22 14:05. */
export function formatReadAt(ms: number): string {
  const d = new Date(ms);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Chapter label of a history entry: 第3话. */
export const chapterLabel = ComicsText.chapter;
