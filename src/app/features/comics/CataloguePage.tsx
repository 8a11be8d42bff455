import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { Msg, type Chapter, CommonText } from '../../../contract';
import { Page } from '../../components/Page';
import { SecureImage } from '../../components/SecureImage';
import { bookKeys, fetchChapters } from '../../lib/api/books';
import { useBookHistory } from '../../lib/device/history';
import './comics.css';

/** 已购买, 免费, or the price plus 金币 (spec §2 catalogue). */
export function priceLabel(c: Pick<Chapter, 'price' | 'alreadyBuy'>): string {
  if (c.alreadyBuy) return Msg.bought;
  if (c.price <= 0) return Msg.free;
  return `${c.price}${Msg.coins}`;
}

/** /book/$id/catalog?title=: every chapter with its cover, title and price label. */
export function CataloguePage() {
  const { id } = useParams({ strict: false });
  const { title } = useSearch({ strict: false });
  const bookId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0;
  const q = useQuery({
    queryKey: bookKeys.chapters(bookId),
    queryFn: () => fetchChapters(bookId),
    enabled: bookId > 0,
  });
  const last = useBookHistory(bookId || undefined);
  return (
    <Page title={title ? `${title} · ${Msg.catalogue}` : Msg.catalogue}>
      {bookId === 0 || q.isError ? (
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
                aria-label={`${c.title} ${priceLabel(c)}`}
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
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Page>
  );
}
