import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { AccountText, Msg, SMS_CODE_LENGTH, type UserInfo } from '../../../contract';
import { Page } from '../../components/Page';
import { showAlert, showToast } from '../../components/Toaster';
import { bindMobile, sendBindCode } from '../../lib/api/account';
import { ApiError, messageForError } from '../../lib/api/http';
import { loadSession, updateUser } from '../../lib/session';
import { userKeys, useUserInfo } from '../../lib/user';
import { Field } from './Field';
import { useCountdown } from './useCountdown';
import { validateMobile, validateSmsCode } from './validators';
import '../../components/actions.css';
import './account.css';

const failure = (err: unknown) => (err instanceof ApiError ? messageForError(err) : Msg.serverError);

/**
 * /user/bind: binding a mobile gives the 40-coin reward (spec §1) and lets the mobile log in. The number
 * is proved by an SMS code (发送验证码, then a 60 s countdown before another).
 */
export function BindMobilePage() {
  const { data: user } = useUserInfo();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  /** The sandbox provider's test outbox, when the server uses it. */
  const [outboxUrl, setOutboxUrl] = useState<string | null>(null);
  const { left, start } = useCountdown();
  const codeInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const send = async () => {
    const problem = validateMobile(mobile);
    if (problem) return void showAlert(problem);
    setSending(true);
    try {
      const res = await sendBindCode(mobile);
      if (res.data?.resendAfter) start(res.data.resendAfter);
      if (!res.result) return void showAlert(res.msg);
      setSentOnce(true);
      setOutboxUrl(res.data?.outboxUrl ?? null);
      showToast(res.msg);
      codeInput.current?.focus();
    } catch (err) {
      showAlert(failure(err));
    } finally {
      setSending(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateMobile(mobile) ?? validateSmsCode(code);
    if (problem) return void showAlert(problem);
    setBusy(true);
    try {
      const res = await bindMobile(mobile, code, (await loadSession())?.password);
      if (!res.result) return void showAlert(res.msg);
      if (res.data) {
        await updateUser(res.data);
        queryClient.setQueryData<UserInfo>(userKeys.info(), res.data);
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      showAlert(Msg.bindSuccess);
      void navigate({ to: '/user', replace: true });
    } catch (err) {
      showAlert(failure(err));
    } finally {
      setBusy(false);
    }
  };

  const sendLabel = sending
    ? AccountText.sendingSmsCode
    : left > 0
      ? AccountText.resendSmsCodeIn(left)
      : sentOnce
        ? AccountText.resendSmsCode
        : AccountText.sendSmsCode;

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
          <Field
            inputRef={codeInput}
            label={AccountText.smsCodeLabel}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={Msg.enterSmsCode}
            value={code}
            maxLength={SMS_CODE_LENGTH}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            addon={
              <button
                type="button"
                className="acc-code-btn"
                onClick={() => void send()}
                disabled={sending || left > 0}
              >
                {sendLabel}
              </button>
            }
          />
          <p className="acc-hint acc-sms-hint">
            {outboxUrl ? (
              <>
                {AccountText.smsSandboxHint}
                <a className="acc-link inline" href={outboxUrl} target="_blank" rel="noopener">
                  {AccountText.smsSandboxOutbox}
                </a>
              </>
            ) : (
              AccountText.smsCodeHint
            )}
          </p>
          <button type="submit" className="acc-primary" disabled={busy}>
            {AccountText.bind}
          </button>
        </form>
      )}
    </Page>
  );
}
