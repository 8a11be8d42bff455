import { memo } from 'react';
import { openDailySign } from '../account/daily-sign-opener';
import { ComplaintLink } from '../support/SupportLinks';
import { HomeText } from '../../../contract';
import { CalendarIcon, MegaphoneIcon } from './icons';

/**
 * Home's complaint (the report page carrying the account) and daily sign-in buttons (spec §2 Home).
 * They ride in the sticky header: on screen at every scroll position, as a floating button is, but in
 * a strip of their own, so they never sit over a cover, a title or a link (issue 29).
 */
export const HeaderActions = memo(function HeaderActions() {
  return (
    <div className="home-actions">
      <button type="button" className="home-act sign" aria-label={HomeText.dailySign} onClick={openDailySign}>
        <CalendarIcon />
        <span>{HomeText.sign}</span>
      </button>
      <ComplaintLink position="home_float" className="home-act complaint">
        <MegaphoneIcon />
        <span>{HomeText.complaint}</span>
      </ComplaintLink>
    </div>
  );
});
