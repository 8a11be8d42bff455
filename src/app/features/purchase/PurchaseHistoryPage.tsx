import { Link, useRouter } from '@tanstack/react-router';
import { AccountText } from '../../../contract';
import './purchase.css';

/** /user/purchase/history: back and home buttons, and the sample consumption records. */
export function PurchaseHistoryPage() {
  const router = useRouter();
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
        <p className="history-sample" role="note">
          {AccountText.sampleRecords}
        </p>
        <ul className="history-list" aria-label={AccountText.sampleRecords}>
          {AccountText.sampleRows.map((r) => (
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
