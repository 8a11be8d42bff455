import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AccountText, CommonText } from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { fetchUserInfo, userKeys, useUserInfo } from '../../lib/user';
import { SupportChatLink } from '../support/SupportLinks';
import { PAY_POLL_DURATION_MS, PAY_POLL_INTERVAL_MS, paymentArrived, type PayFlag } from './pay-flag';
import { takePayFlag } from './pay-flag-store';
import { setPayPromptBusy } from './pay-prompt-state';
import { useRefreshOnReturn } from './useRefreshOnReturn';
import './purchase.css';

type Step = 'ask' | 'yes' | 'no';

/**
 * The 'payment successful?' prompt (spec §4): shown once after the pay page was opened, on home or
 * Mine. Meanwhile user info is polled briefly so the new balance or VIP shows without a reload.
 */
export function PayResultPrompt() {
  const [flag, setFlag] = useState<PayFlag | null>(null);
  const [step, setStep] = useState<Step | null>(null);
  const { data: user } = useUserInfo();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useRefreshOnReturn();

  useEffect(() => {
    setPayPromptBusy(true);
    void takePayFlag().then((f) => {
      if (!f) return setPayPromptBusy(false);
      setFlag(f);
      setStep('ask');
    });
    return () => setPayPromptBusy(false);
  }, []);
  useEffect(() => {
    if (flag && step === null) setPayPromptBusy(false);
  }, [flag, step]);

  useEffect(() => {
    if (!flag) return;
    const started = Date.now();
    let stopped = false;
    const timer = setInterval(async () => {
      if (stopped) return;
      if (Date.now() - started > PAY_POLL_DURATION_MS) return stop();
      try {
        const info = await queryClient.fetchQuery({
          queryKey: userKeys.info(),
          queryFn: fetchUserInfo,
          staleTime: 0,
        });
        if (paymentArrived(flag, info)) stop();
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    }, PAY_POLL_INTERVAL_MS);
    function stop() {
      stopped = true;
      clearInterval(timer);
    }
    return stop;
  }, [flag, queryClient]);

  const close = () => setStep(null);
  const go = (to: '/user/bind' | '/purchase') => {
    close();
    void navigate({ to, search: to === '/purchase' && flag?.bookId ? { bookId: flag.bookId } : {} });
  };

  if (!flag) return null;
  const yesActions = [
    ...(flag.bookId
      ? [
          {
            label: AccountText.continueReading,
            onClick: () => {
              close();
              void navigate({ to: '/book/$bookId', params: { bookId: String(flag.bookId) } });
            },
          },
        ]
      : []),
    ...(user && !user.mobile ? [{ label: AccountText.goBind, onClick: () => go('/user/bind') }] : []),
    { label: AccountText.ok, onClick: close, primary: true },
  ];

  return (
    <>
      <Dialog
        open={step === 'ask'}
        title={AccountText.payResultQuestion}
        onClose={close}
        actions={[
          { label: AccountText.paidNo, onClick: () => setStep('no') },
          { label: AccountText.paidYes, onClick: () => setStep('yes'), primary: true },
        ]}
      />
      <Dialog open={step === 'yes'} title={AccountText.paidYes} onClose={close} actions={yesActions}>
        <p>{AccountText.rememberDomain(location.host)}</p>
        {user && (
          <p className="pay-cred">
            {AccountText.account}
            {CommonText.colon}
            {user.account}
          </p>
        )}
        <p>{AccountText.saveAccountTip}</p>
        {user && !user.mobile && <p className="pay-bind-offer">{AccountText.bindOffer}</p>}
      </Dialog>
      <Dialog
        open={step === 'no'}
        title={AccountText.payFixTitle}
        onClose={close}
        actions={[
          { label: AccountText.retryPay, onClick: () => go('/purchase') },
          { label: AccountText.ok, onClick: close, primary: true },
        ]}
      >
        <ol className="pay-steps">
          {AccountText.payFixSteps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p>
          <SupportChatLink position="pay_result" />
        </p>
      </Dialog>
    </>
  );
}
