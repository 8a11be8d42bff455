import { describe, expect, it } from 'vitest';
import { acceptDanmu } from '../../src/app/features/player/danmu';
import { withSent } from '../../src/app/features/player/danmu-own';

const c = (id: number, stime: number, text: string) => ({ ...acceptDanmu({ mode: 1, stime, text })!, id });

describe("one's own comments and the server's list", () => {
  const server = [c(1, 1_000, '前排'), c(2, 5_000, '好看')];

  it('a comment sent here stays in the list until the server holds it, sorted by time', () => {
    const mine = { local: c(-1, 3_000, '我来了') };
    expect(withSent(server, [mine]).map((d) => d.text)).toEqual(['前排', '我来了', '好看']);
  });

  it('once the server holds it (by its id), only the server copy stays: never shown twice', () => {
    const mine = { local: c(-1, 3_000, '我来了'), serverId: 9 };
    const later = [...server, c(9, 3_000, '我来了')];
    const list = withSent(later, [mine]);
    expect(list.filter((d) => d.text === '我来了')).toEqual([expect.objectContaining({ id: 9 })]);
  });

  it('before its post answered, the same mode, time and text in the server list counts as it', () => {
    const mine = { local: c(-1, 3_000, '我来了') };
    const later = [...server, c(9, 3_000, '我来了')];
    expect(withSent(later, [mine]).filter((d) => d.text === '我来了')).toHaveLength(1);
    // Another viewer's comment with the same words at another moment is not it.
    expect(
      withSent([...server, c(9, 4_000, '我来了')], [mine]).filter((d) => d.text === '我来了'),
    ).toHaveLength(2);
  });
});
