import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AccountText, Code, Msg, type FindAccountData } from '../../../contract';
import { CopyButton } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';
import { Page } from '../../components/Page';
import { showAlert } from '../../components/Toaster';
import { fetchInfoWithToken, findAccount } from '../../lib/api/account';
import { setSession } from '../../lib/session';
import { errorMessage } from '../purchase/api-error';
import { MonthCalendar } from './MonthCalendar';
import { SupportChatLink } from './SupportLinks';
import { validateChargeDate } from './validators';
import './account.css';

/** /user/find-account: recovers the account that paid on this device on the chosen deduction date. */
export function FindAccountPage() {
  const [date, setDate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<FindAccountData | null>(null);
  const [notFound, setNotFound] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const find = async () => {
    const problem = validateChargeDate(date);
    if (problem || !date) return void showAlert(problem ?? Msg.pickChargeDate);
    setBusy(true);
    try {
      const res = await findAccount(date);
      if (res.result) setFound(res.data);
      else if (String(res.code) === Code.NOT_FOUND) setNotFound(true);
      else showAlert(res.msg);
    } catch (err) {
      showAlert(await errorMessage(err, Msg.serverError));
    } finally {
      setBusy(false);
    }
  };

  const loginFound = async () => {
    if (!found) return;
    setBusy(true);
    try {
      const user = await fetchInfoWithToken(found.token);
      await setSession({ token: found.token, user, password: found.password });
      await queryClient.resetQueries();
      setFound(null);
      void navigate({ to: '/user', replace: true });
    } catch {
      showAlert(Msg.serverError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={AccountText.findTitle}>
      <div className="acc-form">
        <p className="acc-note">{AccountText.findIntro}</p>
        <MonthCalendar value={date} onChange={setDate} label={Msg.pickChargeDate} />
        <p className="acc-hint" aria-live="polite">
          {date ? `${AccountText.selectedDate}${date}` : Msg.pickChargeDate}
        </p>
        <button type="button" className="acc-primary" disabled={busy} onClick={find}>
          {AccountText.findButton}
        </button>
        <p className="acc-hint">
          {AccountText.findSupportHint} <SupportChatLink position="find_account" />
        </p>
      </div>
      <Dialog
        open={found !== null}
        title={AccountText.foundTitle}
        closeOnBackdrop={false}
        onClose={() => setFound(null)}
        actions={[{ label: Msg.savedLogin, onClick: loginFound, primary: true, disabled: busy }]}
      >
        {found && (
          <div className="acc-found">
            <p className="acc-cred">
              {AccountText.account}：<strong>{found.account}</strong>
              <CopyButton text={found.account} label={AccountText.copyAccount} />
            </p>
            <p className="acc-cred">
              {AccountText.password}：<strong>{found.password}</strong>
              <CopyButton text={found.password} label={AccountText.copyPassword} />
            </p>
            <p className="acc-warn">{Msg.screenshotAccount}</p>
          </div>
        )}
      </Dialog>
      <Dialog
        open={notFound}
        title={AccountText.findTitle}
        onClose={() => setNotFound(false)}
        actions={[{ label: AccountText.ok, onClick: () => setNotFound(false), primary: true }]}
      >
        <p>{Msg.accountNotFound}</p>
        <p>
          <SupportChatLink position="find_account_404" />
        </p>
      </Dialog>
    </Page>
  );
}
