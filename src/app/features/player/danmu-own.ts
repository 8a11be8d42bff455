import type { Danmu } from './danmu';

/** The server's id of a comment sent here, once its post answered (ids of local comments are negative). */
export interface SentDanmu {
  local: Danmu;
  serverId?: number;
}

const sameComment = (a: Danmu, b: Danmu) => a.mode === b.mode && a.stime === b.stime && a.text === b.text;

/**
 * The video's comments: the server's list, plus the comments sent from this screen that it does not
 * hold yet. A sent comment is in the server's list once the list has its id, or (before its post
 * answered) a comment of the same mode, time and text: then only the server's copy stays, so it is
 * never shown twice. Sorted by stime.
 */
export function withSent(server: readonly Danmu[], sent: readonly SentDanmu[]): Danmu[] {
  const ids = new Set(server.map((c) => c.id));
  const pending = sent.filter((s) =>
    s.serverId !== undefined ? !ids.has(s.serverId) : !server.some((c) => sameComment(c, s.local)),
  );
  return [...server, ...pending.map((s) => s.local)].sort((a, b) => a.stime - b.stime);
}
