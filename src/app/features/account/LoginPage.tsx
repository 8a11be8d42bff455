import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AccountText, Code, Msg, CommonText } from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { Page } from '../../components/Page';
import { showAlert } from '../../components/Toaster';
import { login } from '../../lib/api/account';
import { setSession } from '../../lib/session';
import { Field } from './Field';
import { validateLogin } from './validators';
import '../../components/actions.css';
import './account.css';

/** /user/login: account (or bound mobile) and password; success replaces the stored session. */
export function LoginPage() {
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [loggedIn, setLoggedIn] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateLogin(account, password);
    if (problem) return void showAlert(problem);
    setBusy(true);
    try {
      const res = await login(account, password);
      if (!res.result) {
        // Throttling has its own message; every other refusal is the generic one (no account probing).
        return void showAlert(res.code === Code.RATE_LIMITED ? res.msg : Msg.loginFailed);
      }
      const { token, password: _ignored, ...user } = res.data;
      await setSession({ token, user, password });
      // Every screen must show the new account: drop what was fetched for the old one.
      await queryClient.resetQueries();
      setLoggedIn(user.account);
    } catch (err) {
      const status = (err as { response?: Response }).response?.status;
      showAlert(status === 429 ? Msg.tooManyAttempts : Msg.loginFailed);
    } finally {
      setBusy(false);
    }
  };

  const done = () => {
    setLoggedIn(null);
    void navigate({ to: '/user', replace: true });
  };

  return (
    <Page title={AccountText.loginTitle}>
      <form className="acc-form" onSubmit={submit} noValidate>
        <Field
          label={AccountText.accountLabel}
          name="account"
          autoComplete="username"
          placeholder={AccountText.accountPlaceholder}
          value={account}
          maxLength={64}
          onChange={(e) => setAccount(e.target.value)}
        />
        <Field
          label={AccountText.password}
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={Msg.enterPassword}
          value={password}
          maxLength={64}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="acc-primary" disabled={busy}>
          {AccountText.login}
        </button>
        <Link to="/user/find-account" className="acc-link">
          {AccountText.goFindAccount}
        </Link>
      </form>
      <Dialog
        open={loggedIn !== null}
        title={AccountText.loginSuccess}
        onClose={done}
        actions={[{ label: AccountText.ok, onClick: done, primary: true }]}
      >
        <p>
          {AccountText.account}
          {CommonText.colon}
          {loggedIn}
        </p>
      </Dialog>
    </Page>
  );
}
