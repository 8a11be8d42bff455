import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { Code, CommonText, DownloadText, Msg, type Chapter } from '../../../contract';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { SecureImage } from '../../components/SecureImage';
import { bookKeys, detailQuery, fetchChapters } from '../../lib/api/books';
import { ApiError } from '../../lib/api/http';
import { useBookHistory } from '../../lib/device/history';
import { CataloguePicker } from '../downloads/CataloguePicker';
import { DownloadButton } from '../downloads/DownloadButton';
import { DownloadedTag } from '../downloads/DownloadedMark';
import { keptCatalogue, useDownloadedNumbers } from '../downloads/live';
import './comics.css';

/** 已购买, 免费, or the price plus 金币 (spec §2 catalogue). */
export function priceLabel(c: Pick<Chapter, 'price' | 'alreadyBuy'>): string {
  if (c.alreadyBuy) return Msg.bought;
  if (c.price <= 0) return Msg.free;
  return `${c.price}${Msg.coins}`;
}

/**
 * The catalogue, or with no connection the one kept with the book's downloads (its downloaded chapters
 * open offline from here).
 */
async function catalogueOrKept(bookId: number): Promise<Chapter[]> {
  try {
    return await fetchChapters(bookId);
  } catch (err) {
    const kept = await keptCatalogue(bookId).catch(() => undefined);
    if (kept) return kept;
    throw err;
  }
}

/**
 * /book/$id/catalog?title=: every chapter with its cover, title and price label (已下载 when on the
 * phone), and 下载; ?pick=1 chooses chapters to download.
 */
export function CataloguePage() {
  const { id } = useParams({ strict: false });
  const { title, pick } = useSearch({ strict: false });
  const bookId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  const q = useQuery({
    queryKey: bookKeys.chapters(bookId),
    queryFn: () => catalogueOrKept(bookId),
    enabled: bookId > 0,
  });
  const last = useBookHistory(bookId || undefined);
  const downloaded = useDownloadedNumbers(bookId);
  const detail = useQuery(detailQuery(bookId));
  const book = detail.data?.book;
  if (pick && q.data && q.data.length > 0)
    return (
      <Page title={DownloadText.pickTitle}>
        <CataloguePicker bookId={bookId} chapters={q.data} />
      </Page>
    );
  return (
    <Page
      title={title ? `${title} · ${Msg.catalogue}` : Msg.catalogue}
      right={book && <DownloadButton book={book} current={last?.number} className="page-action" />}
    >
      {bookId === 0 || (q.error instanceof ApiError && q.error.code === Code.NOT_FOUND) ? (
        <EmptyState kind="book" />
      ) : q.isError ? (
        <div className="list-status">{Msg.loadFailed}</div>
      ) : q.isPending ? (
        <div className="list-status" aria-busy="true">
          {CommonText.loading}
        </div>
      ) : q.data.length === 0 ? (
        <div className="list-status list-empty">{Msg.emptyList}</div>
      ) : (
        <ol className="chapter-list">
          {q.data.map((c) => (
            <li key={c.chapterId}>
              <Link
                to="/book/read/$id/$number"
                params={{ id: String(bookId), number: String(c.number) }}
                replace={false}
                className={last?.number === c.number ? 'chapter-row current' : 'chapter-row'}
                aria-label={`${c.title} ${priceLabel(c)}${downloaded?.has(c.number) ? ` ${DownloadText.badge}` : ''}`}
              >
                <span className="chapter-cover">
                  {/* 16:9, the shape of the chapter covers the server stores: shown whole, never cropped. */}
                  <SecureImage src={c.cover} width={160} height={90} alt="" />
                </span>
                <span className="chapter-title">{c.title}</span>
                <span
                  className={
                    c.alreadyBuy ? 'price-label bought' : c.price <= 0 ? 'price-label free' : 'price-label'
                  }
                >
                  {priceLabel(c)}
                </span>
                {downloaded?.has(c.number) && <DownloadedTag on="row" />}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Page>
  );
}
