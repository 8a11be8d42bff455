import { peekSession } from '../../lib/session';
import { fetchChapters } from '../../lib/api/books';
import { listHistory } from '../../lib/device/history';
import { listShelf } from '../../lib/device/shelf';
import { currentConnection } from './connection';
import { downloadsDb } from '../../../client/downloads/queue-db';
import { getSmartSettings } from './smart-settings';
import { estimateBytes } from './quota';
import { removeItem } from './removal';
import { isVipActive } from './selection';
import { cleanupPlan, isUnmetered, smartPlan, type SmartBook } from './smart';
import { startDownload } from './storage';

/** Shelf books looked at per sweep (each costs one catalogue call). */
const MAX_BOOKS = 30;

/**
 * One pass of smart downloads: removes read smart downloads past the chosen age, then — when enabled and
 * on an unmetered connection — queues the next unread readable chapters of every shelf book.
 */
export async function smartSweep(now = Date.now()): Promise<void> {
  const settings = await getSmartSettings();
  const items = await downloadsDb.items.toArray();
  const history = await listHistory();
  const lastRead = new Map(history.map((h) => [h.bookId, h.number]));

  const cleanup = cleanupPlan(items, lastRead, settings.cleanupDays, now);
  if (cleanup.markRead.length)
    await downloadsDb.items.where('id').anyOf(cleanup.markRead).modify({ readSeenAt: now });
  for (const id of cleanup.remove) await removeItem(id);

  if (!settings.enabled || !isUnmetered(currentConnection())) return;
  const shelf = (await listShelf()).slice(0, MAX_BOOKS);
  const books: Array<SmartBook & { title: string; cover: string }> = [];
  for (const b of shelf) {
    try {
      const chapters = await fetchChapters(b.bookId);
      books.push({
        bookId: b.bookId,
        title: b.title,
        cover: b.cover,
        vipFree: b.vipFree ?? false,
        chapters,
        lastRead: lastRead.get(b.bookId) ?? 0,
      });
    } catch {
      // This book waits for the next sweep.
    }
  }
  const done = items.filter((i) => i.state === 'done');
  const plan = smartPlan({
    books,
    count: settings.count,
    vipActive: isVipActive(peekSession()?.user.vipEndDate, now),
    items: await downloadsDb.items.toArray(),
    ceilingBytes: settings.ceilingBytes,
    chapterBytes: estimateBytes(1, done),
  });
  for (const b of books) {
    const take = plan.filter((p) => p.bookId === b.bookId).map((p) => p.chapter);
    if (take.length === 0) continue;
    const r = await startDownload(
      { bookId: b.bookId, title: b.title, cover: b.cover, vipFree: b.vipFree, chapters: [...b.chapters] },
      take,
      { smart: true },
    );
    if (!r.ok) return;
  }
}
