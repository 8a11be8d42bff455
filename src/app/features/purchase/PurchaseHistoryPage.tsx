import { Link, useRouter } from '@tanstack/react-router';
import { AccountText } from '../../../contract';
import './purchase.css';

/** Sample rows of the consumption-records page (spec §2: static sample only). */
const SAMPLE_RECORDS = [
  { date: '2026-01-05 20:13', item: '充值 500金币（赠送80金币）', amount: '¥50' },
  { date: '2026-01-05 20:20', item: '购买章节《示例漫画》第3话', amount: '-30金币' },
  { date: '2026-01-06 09:02', item: '每日签到', amount: '+5金币' },
  { date: '2026-01-08 21:40', item: '开通月度VIP', amount: '¥30' },
] as const;

/** /user/purchase/history: back and home buttons, and the sample consumption records. */
export function PurchaseHistoryPage() {
  const router = useRouter();
  return (
    <div className="page">
      <header className="page-header">
        <button
          type="button"
          className="page-back"
          aria-label="返回"
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
        <p className="history-sample" role="note">
          {AccountText.sampleRecords}
        </p>
        <ul className="history-list" aria-label={AccountText.sampleRecords}>
          {SAMPLE_RECORDS.map((r) => (
            <li key={r.date + r.item} className="history-row">
              <span className="history-item">{r.item}</span>
              <span className="history-amount">{r.amount}</span>
              <span className="history-date">{r.date}</span>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
