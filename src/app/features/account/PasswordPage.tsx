import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AccountText, Msg } from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { Page } from '../../components/Page';
import { showAlert } from '../../components/Toaster';
import { modifyPwd } from '../../lib/api/account';
import { loadSession, peekSession, setSession } from '../../lib/session';
import { Field } from './Field';
import { validatePasswordChange } from './validators';
import '../../components/actions.css';
import './account.css';

type Outcome = { ok: true } | { ok: false; detail: string | null };

/** /user/password: new password twice; the password shown on Mine follows the change. */
export function PasswordPage() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validatePasswordChange(password, confirm);
    if (problem) return void showAlert(problem);
    setBusy(true);
    try {
      const res = await modifyPwd(password);
      if (!res.result) return setOutcome({ ok: false, detail: res.msg || null });
      const s = peekSession() ?? (await loadSession());
      // The server keeps this session (the others are revoked): only the kept password changes.
      if (s) await setSession({ ...s, password });
      setOutcome({ ok: true });
    } catch {
      setOutcome({ ok: false, detail: null });
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    const ok = outcome?.ok;
    setOutcome(null);
    if (ok) void navigate({ to: '/user', replace: true });
  };

  const failureDetail =
    outcome && !outcome.ok && outcome.detail !== Msg.pwdUpdateFailed ? outcome.detail : null;

  return (
    <Page title={AccountText.changePassword}>
      <form className="acc-form" onSubmit={submit} noValidate>
        <Field
          label={AccountText.newPassword}
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={Msg.enterPassword}
          value={password}
          maxLength={32}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={AccountText.confirmNewPassword}
          name="confirm"
          type="password"
          autoComplete="new-password"
          placeholder={AccountText.confirmPlaceholder}
          value={confirm}
          maxLength={32}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <p className="acc-hint">{AccountText.passwordHint}</p>
        <button type="submit" className="acc-primary" disabled={busy}>
          {AccountText.save}
        </button>
      </form>
      <Dialog
        open={outcome !== null}
        title={outcome?.ok ? Msg.pwdUpdated : Msg.pwdUpdateFailed}
        onClose={close}
        actions={[{ label: AccountText.ok, onClick: close, primary: true }]}
      >
        {failureDetail ? <p>{failureDetail}</p> : null}
      </Dialog>
    </Page>
  );
}
