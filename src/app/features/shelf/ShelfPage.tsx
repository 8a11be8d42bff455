import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { DownloadText } from '../../../contract';
import { Page } from '../../components/Page';
import { useShelfCount } from '../../lib/device/shelf';
import { Tabs } from '../comics/Tabs';
import { FavouritesTab } from './FavouritesTab';
import { HistoryTab } from './HistoryTab';
import './shelf.css';

/** /shelf?active=shelf|history: my favourites (with a count and 取消订阅) and reading history. */
export function ShelfPage() {
  const { active } = useSearch({ strict: false });
  const navigate = useNavigate();
  const count = useShelfCount();
  const tab = active === 'history' ? 'history' : 'shelf';
  return (
    <Page
      title="收藏"
      back={false}
      right={
        <Link to="/user/downloads" className="page-action" aria-label={DownloadText.downloads}>
          {DownloadText.download}
        </Link>
      }
    >
      <Tabs
        className="shelf-tabs"
        label="收藏与历史"
        value={tab}
        onChange={(id) =>
          void navigate({
            to: '/shelf',
            search: { active: id === 'history' ? 'history' : 'shelf' },
            replace: true,
          })
        }
        items={[
          { id: 'shelf', label: `我的收藏(${count ?? 0})` },
          { id: 'history', label: '阅读历史' },
        ]}
      />
      <div role="tabpanel" aria-label={tab === 'shelf' ? '我的收藏' : '阅读历史'}>
        {tab === 'shelf' ? <FavouritesTab /> : <HistoryTab />}
      </div>
    </Page>
  );
}
