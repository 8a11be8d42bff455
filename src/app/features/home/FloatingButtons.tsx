import { memo } from 'react';
import { useTuckWhileScrolling } from '../../components/useTuckWhileScrolling';
import { openDailySign } from '../account/daily-sign-opener';
import { ComplaintLink } from '../support/SupportLinks';
import { HomeText } from '../../../contract';

/**
 * Floating complaint (the report page carrying the account) and daily sign-in buttons, in one row with
 * the tab bar's 充值 in the strip the screen keeps clear; they step aside while the page scrolls down.
 */
export const FloatingButtons = memo(function FloatingButtons() {
  const tucked = useTuckWhileScrolling();
  return (
    <div className={tucked ? 'home-floats tucked' : 'home-floats'}>
      <ComplaintLink position="home_float" className="home-float complaint">
        {HomeText.complaint}
      </ComplaintLink>
      <button
        type="button"
        className="home-float sign"
        aria-label={HomeText.dailySign}
        onClick={openDailySign}
      >
        {HomeText.sign}
      </button>
    </div>
  );
});
