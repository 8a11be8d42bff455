import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { AccountText, RecordText, type CoinRecord, type RechargeRecord } from '../../../contract';
import { EmptyState } from '../../components/EmptyState';
import { InfiniteList } from '../../components/InfiniteList';
import { fetchCoinRecords, fetchRechargeRecords, nextCursor, recordKeys } from '../../lib/api/records';
import { Tabs } from '../comics/Tabs';
import { recordTime } from './record-time';
import '../comics/comics.css';
import './purchase.css';

type Tab = 'orders' | 'coins';

function OrderRow({ o }: { o: RechargeRecord }) {
  return (
    <li className="history-row" data-testid="order-row">
      <span className="history-item">{o.title}</span>
      <span className="history-amount">{RecordText.yuan(o.amount)}</span>
      <span className="history-date">
        {recordTime(o.createdAt)} · {RecordText.orderGain(o.coins, o.vipDays)}
      </span>
      <span className={`history-state state-${o.state}`}>{RecordText.state[o.state]}</span>
    </li>
  );
}

function CoinRow({ c }: { c: CoinRecord }) {
  return (
    <li className="history-row" data-testid="coin-row">
      <span className="history-item">{c.label}</span>
      <span className={c.amount < 0 ? 'history-amount spent' : 'history-amount gained'}>
        {RecordText.coins(c.amount)}
      </span>
      <span className="history-date">{recordTime(c.createdAt)}</span>
      <span className="history-state">{RecordText.balance(c.balance)}</span>
    </li>
  );
}

/** One tab of records: cursor-paged, newest first, with the spec's empty and end messages. */
function RecordsList<T extends { id: number }>({
  queryKey,
  fetchPage,
  row,
  empty,
}: {
  queryKey: readonly unknown[];
  fetchPage: (before: number | undefined) => Promise<{ list: T[]; next: number | null }>;
  row: (item: T) => ReactNode;
  empty: 'orders' | 'coins';
}) {
  const q = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextCursor,
    staleTime: 0,
  });
  return (
    <InfiniteList
      query={q}
      items={q.data?.pages.flatMap((p) => p.list) ?? []}
      render={(items) => <ul className="history-list">{items.map(row)}</ul>}
      empty={<EmptyState kind={empty} />}
    />
  );
}

const OrdersList = () => (
  <RecordsList
    queryKey={recordKeys.orders()}
    fetchPage={fetchRechargeRecords}
    row={(o) => <OrderRow key={o.id} o={o} />}
    empty="orders"
  />
);

const CoinsList = () => (
  <RecordsList
    queryKey={recordKeys.coins()}
    fetchPage={fetchCoinRecords}
    row={(c) => <CoinRow key={c.id} c={c} />}
    empty="coins"
  />
);

/**
 * /user/purchase/history: back and home buttons (spec §2), and instead of the spec's static sample the
 * caller's own records: recharge orders (state, amount, date) and every coin movement with what caused it.
 */
export function PurchaseHistoryPage() {
  const router = useRouter();
  const [tab, setTab] = useState<Tab>('orders');
  return (
    <div className="page">
      <header className="page-header">
        <button
          type="button"
          className="page-back"
          aria-label={AccountText.back}
          onClick={() =>
            window.history.length > 1 ? router.history.back() : router.navigate({ to: '/user' })
          }
        >
          ‹
        </button>
        <h1 className="page-title">{AccountText.historyTitle}</h1>
        <Link to="/home" className="page-right history-home" aria-label={AccountText.home}>
          ⌂
        </Link>
      </header>
      <main className="page-body">
        <Tabs
          className="history-tabs"
          label={RecordText.tabs}
          value={tab}
          onChange={(id) => setTab(id === 'coins' ? 'coins' : 'orders')}
          items={[
            { id: 'orders', label: RecordText.ordersTab },
            { id: 'coins', label: RecordText.coinsTab },
          ]}
        />
        <div role="tabpanel" aria-label={tab === 'orders' ? RecordText.ordersTab : RecordText.coinsTab}>
          {tab === 'orders' ? <OrdersList /> : <CoinsList />}
        </div>
      </main>
    </div>
  );
}
