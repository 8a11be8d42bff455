import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { DownloadText } from '../../../contract';
import { Page } from '../../components/Page';
import { useShelfCount } from '../../lib/device/shelf';
import { Tabs } from '../comics/Tabs';
import { FavouritesTab } from './FavouritesTab';
import { HistoryTab } from './HistoryTab';
import './shelf.css';
import { ShelfText } from '../../../contract';

/** /shelf?active=shelf|history: my favourites (with a count and 取消订阅) and reading history. */
export function ShelfPage() {
  const { active } = useSearch({ strict: false });
  const navigate = useNavigate();
  const count = useShelfCount();
  const tab = active === 'history' ? 'history' : 'shelf';
  return (
    <Page
      title={ShelfText.title}
      back={false}
      right={
        <Link to="/user/downloads" className="page-action" aria-label={DownloadText.downloads}>
          {DownloadText.download}
        </Link>
      }
    >
      <Tabs
        className="shelf-tabs"
        label={ShelfText.tabs}
        value={tab}
        onChange={(id) =>
          void navigate({
            to: '/shelf',
            search: { active: id === 'history' ? 'history' : 'shelf' },
            replace: true,
          })
        }
        items={[
          { id: 'shelf', label: ShelfText.favouritesCount(count ?? 0) },
          { id: 'history', label: ShelfText.history },
        ]}
      />
      <div role="tabpanel" aria-label={tab === 'shelf' ? ShelfText.favourites : ShelfText.history}>
        {tab === 'shelf' ? <FavouritesTab /> : <HistoryTab />}
      </div>
    </Page>
  );
}
