/// <reference lib="webworker" />
import { DOWNLOADS_CACHE } from '../src/contract/downloads';
import { DownloadText } from '../src/contract/messages/downloads';
import {
  downloadBookTitle,
  downloadOf,
  endBackgroundFetch,
  finishBackgroundFetch,
  type FetchedRecord,
  type FinishPlace,
} from './background-fetch-finish';

/**
 * Long downloads by Background Fetch (Chromium): the browser fetches a chapter's pictures with its own
 * progress UI even once the app is closed; here they are stored and the chapter's queue item moves on
 * (background-fetch-finish.ts), and the browser's notification says how it ended.
 */

declare const self: ServiceWorkerGlobalScope;

interface BgFetchRegistration {
  id: string;
  matchAll(): Promise<FetchedRecord[]>;
}
interface BgFetchEvent extends ExtendableEvent {
  registration: BgFetchRegistration;
  updateUI?(opts: { title?: string }): Promise<void>;
}

const place = async (): Promise<FinishPlace> => ({
  cache: await caches.open(DOWNLOADS_CACHE),
  origin: self.location.origin,
});

async function onSuccess(event: BgFetchEvent): Promise<void> {
  const dl = downloadOf(event.registration.id);
  if (!dl) return;
  const records = await event.registration.matchAll();
  const item = await finishBackgroundFetch(event.registration.id, records, await place());
  const title =
    item?.state === 'done'
      ? DownloadText.bgDone(await downloadBookTitle(dl.bookId), item.title)
      : item?.state === 'failed'
        ? DownloadText.bgFailed
        : undefined;
  if (title) await event.updateUI?.({ title }).catch(() => undefined);
}

async function onEnded(event: BgFetchEvent, how: 'failed' | 'aborted'): Promise<void> {
  await endBackgroundFetch(event.registration.id, how, await place());
  if (how === 'failed') await event.updateUI?.({ title: DownloadText.bgFailed }).catch(() => undefined);
}

export function listenForBackgroundFetch(): void {
  self.addEventListener('backgroundfetchsuccess' as keyof ServiceWorkerGlobalScopeEventMap, (e) => {
    const event = e as unknown as BgFetchEvent;
    event.waitUntil(onSuccess(event));
  });
  self.addEventListener('backgroundfetchfail' as keyof ServiceWorkerGlobalScopeEventMap, (e) => {
    const event = e as unknown as BgFetchEvent;
    event.waitUntil(onEnded(event, 'failed'));
  });
  self.addEventListener('backgroundfetchabort' as keyof ServiceWorkerGlobalScopeEventMap, (e) => {
    const event = e as unknown as BgFetchEvent;
    event.waitUntil(onEnded(event, 'aborted'));
  });
  self.addEventListener('backgroundfetchclick' as keyof ServiceWorkerGlobalScopeEventMap, (e) => {
    const event = e as unknown as ExtendableEvent;
    event.waitUntil(self.clients.openWindow('/user/downloads'));
  });
}
