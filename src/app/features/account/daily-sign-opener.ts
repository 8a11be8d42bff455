/**
 * Opens the daily sign-in dialog mounted on the current screen. Its own module so the buttons that open
 * it (home's 签到 in the header, Mine's row) do not pull the dialog into the first screen's JavaScript: home
 * loads the dialog after its first paint, and a tap before then opens it as soon as it mounts.
 */
type Opener = () => void;
const openers = new Set<Opener>();
let pending = false;

export function openDailySign(): void {
  if (openers.size === 0) pending = true;
  for (const open of openers) open();
}

/** Registers a mounted dialog; it opens at once if a tap came before it was there. Returns the undo. */
export function registerDailySignOpener(open: Opener): () => void {
  openers.add(open);
  if (pending) {
    pending = false;
    open();
  }
  return () => void openers.delete(open);
}
