import { openDailySign } from '../account/daily-sign-opener';
import { ComplaintLink } from '../account/SupportLinks';

/** Floating complaint (the report page carrying the account) and daily sign-in buttons. */
export function FloatingButtons() {
  return (
    <div className="home-floats">
      <ComplaintLink position="home_float" className="home-float complaint">
        投诉
      </ComplaintLink>
      <button type="button" className="home-float sign" aria-label="每日签到" onClick={openDailySign}>
        签到
      </button>
    </div>
  );
}
