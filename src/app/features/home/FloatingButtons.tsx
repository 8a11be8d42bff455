import { openDailySign } from '../account/DailySignDialog';
import { useSupportUrls } from '../account/SupportLinks';

/** Floating complaint (the report page carrying the account) and daily sign-in buttons. */
export function FloatingButtons() {
  const { report } = useSupportUrls();
  return (
    <div className="home-floats">
      <a href={report} className="home-float complaint" aria-label="投诉">
        投诉
      </a>
      <button type="button" className="home-float sign" aria-label="每日签到" onClick={openDailySign}>
        签到
      </button>
    </div>
  );
}
