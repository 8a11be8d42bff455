import type { ReadPosition } from '../db';
import { withDb } from './store';

/** Chapters whose position is kept; past this the least recently saved are dropped. */
export const READ_POSITIONS_MAX = 500;

/** Where the reader was inside one chapter (undefined: never scrolled in it on this device). */
export const getReadPosition = (bookId: number, number: number): Promise<ReadPosition | undefined> =>
  withDb((db) => db.readPositions.get([bookId, number]));

/** Saves a chapter's position, dropping the oldest positions beyond READ_POSITIONS_MAX. */
export const saveReadPosition = (p: Omit<ReadPosition, 'savedAt'>): Promise<void> =>
  withDb((db) =>
    db.transaction('rw', db.readPositions, async () => {
      await db.readPositions.put({ ...p, savedAt: Date.now() });
      const extra = (await db.readPositions.count()) - READ_POSITIONS_MAX;
      if (extra > 0) {
        const oldest = await db.readPositions.orderBy('savedAt').limit(extra).primaryKeys();
        await db.readPositions.bulkDelete(oldest);
      }
    }),
  );
