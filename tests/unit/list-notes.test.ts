import { describe, expect, it } from 'vitest';
import { noteOf } from '../../src/app/features/lists/notes';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const ago = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

describe('list notes: what each list ranks by, under each book', () => {
  const book = {
    readCount: 630_000,
    weekReadCount: 17_600,
    publishedAt: ago(200 * 24),
    updatedAt: ago(3.5),
  };
  it('says when it came out, when it was updated and how it is read', () => {
    expect(noteOf('published', book, NOW)).toBe('200天前上架');
    expect(noteOf('published', { publishedAt: ago(5) }, NOW)).toBe('今天上架');
    expect(noteOf('updated', book, NOW)).toBe('3小时前更新');
    expect(noteOf('updated', { updatedAt: ago(0.2) }, NOW)).toBe('刚刚更新');
    expect(noteOf('updated', { updatedAt: ago(50) }, NOW)).toBe('2天前更新');
    // The update list: the day, and on a large row the reads that order it.
    expect(noteOf('updateDay', book, NOW)).toBe('今天更新');
    expect(noteOf('updateDay', book, NOW, 'large')).toBe('今天更新 · 63万人看过');
    expect(noteOf('updateDay', { updatedAt: ago(30) }, NOW)).toBe('1天前更新');
    expect(noteOf('perDay', book, NOW)).toBe('日均3150人看');
    // A young book counts as a month old, as the server's 人气 does.
    expect(noteOf('perDay', { readCount: 60_000, publishedAt: ago(24 * 10) }, NOW)).toBe('日均2000人看');
    expect(noteOf('week', book, NOW)).toBe('本周1.7万人看');
    expect(noteOf('total', book, NOW)).toBe('63万人看过');
  });
  it('says nothing when the answer lacks what it needs (books kept from before)', () => {
    expect(noteOf('published', {}, NOW)).toBeUndefined();
    expect(noteOf('updated', { updatedAt: 'nonsense' }, NOW)).toBeUndefined();
    expect(noteOf('week', { readCount: 3 }, NOW)).toBeUndefined();
  });
});
