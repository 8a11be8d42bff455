import type { BootEntry, PrerenderVisitor } from '../../contract';

/**
 * The server renders a landing screen's first screen with the app's own components (app/prerender).
 * While it does, reads are answered only from the answers inlined into that page: nothing touches the
 * network, the device's storage or a session.
 */
let answers: Map<string, BootEntry> | undefined;
let visitor: PrerenderVisitor | undefined;

export const isPrerendering = () => answers !== undefined;

/** The request's cookies and user agent while the server renders a first screen, else undefined. */
export const prerenderVisitor = () => visitor;

export function setPrerenderAnswers(entries: BootEntry[] | undefined, from?: PrerenderVisitor) {
  answers = entries ? new Map(entries.map((e) => [e.url, e])) : undefined;
  visitor = entries ? from : undefined;
}

/** Thrown for a read the page carries no answer for: the screen renders it as still loading. */
export class NotPrerendered extends Error {
  constructor(key: string) {
    super(`not prerendered: ${key}`);
    this.name = 'NotPrerendered';
  }
}

/**
 * A read during the prerender: the inlined answer, else NotPrerendered. Answers meant for a visitor
 * without a session are used too: the prerender is what a new visitor sees, and the app replaces it
 * with the caller's own screen as soon as it runs.
 */
export function prerenderAnswer(key: string): unknown {
  const e = answers?.get(key);
  if (!e) throw new NotPrerendered(key);
  return e.body;
}
