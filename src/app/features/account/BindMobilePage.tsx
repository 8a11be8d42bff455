import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AccountText, Msg, type UserInfo } from '../../../contract';
import { Page } from '../../components/Page';
import { showAlert } from '../../components/Toaster';
import { bindMobile } from '../../lib/api/account';
import { loadSession, updateUser } from '../../lib/session';
import { userKeys, useUserInfo } from '../../lib/user';
import { errorMessage } from '../purchase/api-error';
import { Field } from './Field';
import { validateMobile } from './validators';
import './account.css';

/** /user/bind: binding a mobile gives the 40-coin reward (spec §1) and lets the mobile log in. */
export function BindMobilePage() {
  const { data: user } = useUserInfo();
  const [mobile, setMobile] = useState('');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateMobile(mobile);
    if (problem) return void showAlert(problem);
    setBusy(true);
    try {
      const res = await bindMobile(mobile, (await loadSession())?.password);
      if (!res.result) return void showAlert(res.msg);
      if (res.data) {
        await updateUser(res.data);
        queryClient.setQueryData<UserInfo>(userKeys.info(), res.data);
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      showAlert(Msg.bindSuccess);
      void navigate({ to: '/user', replace: true });
    } catch (err) {
      showAlert(await errorMessage(err, Msg.serverError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={AccountText.bindPhone}>
      {user?.mobile ? (
        <p className="acc-note">
          {AccountText.alreadyBoundTo}
          {user.mobile}
        </p>
      ) : (
        <form className="acc-form" onSubmit={submit} noValidate>
          <p className="acc-note acc-reward">{AccountText.bindReward}</p>
          <Field
            label={AccountText.mobileLabel}
            name="mobile"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={Msg.enterMobile}
            value={mobile}
            maxLength={11}
            onChange={(e) => setMobile(e.target.value.replace(/\s/g, ''))}
          />
          <button type="submit" className="acc-primary" disabled={busy}>
            {AccountText.bind}
          </button>
        </form>
      )}
    </Page>
  );
}
