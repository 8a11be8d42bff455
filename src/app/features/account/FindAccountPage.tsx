import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AccountText, Code, CommonText, FindAccountText, Msg, type FindAccountData } from '../../../contract';
import { CopyButton } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';
import { Page } from '../../components/Page';
import { showAlert } from '../../components/Toaster';
import { findAccount } from '../../lib/api/account';
import { signInRecovered, whileRecovering } from '../../lib/session';
import { errorMessage } from '../purchase/api-error';
import { MonthCalendar } from './MonthCalendar';
import { SupportChatLink } from '../support/SupportLinks';
import { validateChargeDate } from './validators';
import '../../components/actions.css';
import './account.css';

/**
 * /user/find-account: recovers the account that paid on this device on the chosen deduction date.
 * Recovery gives the account a new password and ends its sessions (this device's too), so the device
 * signs in to the found account at once; the dialog then says the old password (the one 我的 showed and
 * asked to screenshot) no longer works, shows the credentials to save, and leaving it any way keeps the
 * user on the found account.
 */
export function FindAccountPage() {
  const [date, setDate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<FindAccountData | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** Switches the device to the found account; false when that failed (the dialog's button retries). */
  const signIn = async (data: FindAccountData) => {
    try {
      await signInRecovered(data);
      setSignedIn(true);
      // Not awaited: a refetch refused meanwhile would wait for this recovery to settle.
      void queryClient.resetQueries();
      return true;
    } catch {
      showAlert(Msg.serverError);
      return false;
    }
  };

  const find = async () => {
    const problem = validateChargeDate(date);
    if (problem || !date) return void showAlert(problem ?? Msg.pickChargeDate);
    setBusy(true);
    try {
      // Registration and re-login wait until the found account is signed in to.
      await whileRecovering(async () => {
        const res = await findAccount(date);
        if (res.result) {
          setSignedIn(false);
          setFound(res.data);
          await signIn(res.data);
        } else if (String(res.code) === Code.NOT_FOUND) setNotFound(true);
        else showAlert(res.msg);
      });
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
      if (!signedIn && !(await signIn(found))) return;
      setFound(null);
      void navigate({ to: '/user', replace: true });
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
            <p className="acc-reset" data-testid="found-reset">
              {FindAccountText.passwordReset}
            </p>
            <p className="acc-cred">
              {AccountText.account}
              {CommonText.colon}
              <strong>{found.account}</strong>
              <CopyButton text={found.account} label={AccountText.copyAccount} />
            </p>
            <p className="acc-cred">
              {FindAccountText.newPassword}
              {CommonText.colon}
              <strong>{found.password}</strong>
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
