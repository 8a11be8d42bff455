import { ChapterListInput, Code, Msg, OptionalBookId } from '../../contract/index.js';
import type { RouteModule } from '../context.js';
import { callerLimits } from '../http/caller-limits.js';
import { route } from '../http/endpoint-route.js';
import { CallerLimitRules } from '../http/rate-limits.js';
import { fail, ok } from '../http/reply.js';
import { bookDetails, bookExists, chapterList } from '../services/catalogue/detail.js';
import {
  categoryData,
  homeIndex,
  homeThreeD,
  newList,
  queryList,
  rankList,
  showcaseList,
  todayUpdateList,
  updateList,
} from '../services/catalogue/lists.js';
import { readChapter } from '../services/catalogue/reader.js';
import { hotWords, searchBooks } from '../services/catalogue/search.js';
import { shortCache } from '../services/catalogue/short-cache.js';
import { dailySignConfig } from '../services/signin.js';
import { callerAddressOf } from '../http/address-group.js';

/** Comic catalogue calls of spec §7. Book reads are public; the caller's session only personalises. */
export const bookRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx;
  // The same for every caller and read on every home visit.
  const now = () => ctx.clock.now();
  const home = shortCache(2_000, () => homeIndex(db, now()));
  const categories = shortCache(2_000, () => categoryData(db));
  const detailFor = bookDetails(db);

  route(app, 'showcase', async (req) => ok(await showcaseList(db, req.params.type, req.params.page, now())));

  route(app, 'category', async () => ok(await categories()));

  route(app, 'query', async (req) =>
    ok(await queryList(db, req.params.publish, req.params.category, req.params.page, now())),
  );

  route(app, 'newList', async (req) => ok(await newList(db, req.params.page, now())));
  route(app, 'updateList', async (req) => ok(await updateList(db, req.params.page, now())));

  route(app, 'todayUpdate', async (req) => {
    const { category, pageSize, currentPage } = req.query;
    const [list, dailySign] = await Promise.all([
      todayUpdateList(db, category, currentPage, pageSize, now()),
      req.user ? dailySignConfig(db, req.user.id, ctx.clock.now()) : null,
    ]);
    return ok({ ...list, dailySign });
  });

  route(app, 'rank', async (req) =>
    ok(await rankList(db, req.query.category, req.query.type, req.query.currentPage, now())),
  );

  route(app, 'homeIndex', async () => ok(await home()));
  route(app, 'homeThreeD', async () => ok(await homeThreeD(db, now())));

  route(app, 'detail', async (req, reply) => {
    const detail = await detailFor(req.user?.id ?? null, req.params.id);
    if (!detail) return reply.code(404).send(fail(Code.NOT_FOUND, Msg.notFound));
    return ok(detail);
  });

  // The id comes in the query (?bookId=) or the form body (bookId=), as clients send either; a call
  // with no body at all is fine too.
  route(app, 'chapterList', { schema: { body: OptionalBookId.nullish() } }, async (req, reply) => {
    const parsed = ChapterListInput.safeParse({ bookId: req.query.bookId ?? req.body?.bookId });
    if (!parsed.success) return reply.code(400).send(fail(400, Msg.badRequest));
    const { bookId } = parsed.data;
    if (!(await bookExists(db, bookId))) return reply.code(404).send(fail(Code.NOT_FOUND, Msg.notFound));
    return ok(await chapterList(db, req.user?.id ?? null, bookId));
  });

  const gate = callerLimits(app, 'read', CallerLimitRules.readChapterAnonymous);
  route(app, 'readChapter', { preHandler: gate }, async (req) => {
    const { bookId, number, prefetch } = req.query;
    const r = await readChapter(db, req.user?.id ?? null, bookId, number, ctx.clock.now(), {
      prefetch: prefetch === '1',
      // Counted once a day per user, or per address for a read without a session.
      reader: req.user ? `u:${req.user.id}` : `a:${callerAddressOf(req)}`,
    });
    if (r.kind === 'missing') return fail(Code.NO_CHAPTER, Msg.noMoreChapters);
    if (r.kind === 'locked') return fail(Code.UNPAID, Msg.chapterLocked, r.unpaid);
    return ok(r.info);
  });

  route(app, 'initSearch', async () => ok(await hotWords(db)));

  route(app, 'search', async (req) => ok(await searchBooks(db, req.query.content)));
};
