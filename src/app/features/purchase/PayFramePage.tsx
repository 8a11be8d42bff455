import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { AccountText, type UserInfo } from '../../../contract';
import { Page } from '../../components/Page';
import { userKeys } from '../../lib/user';
import { hasPayFlag, setPayFlag } from './pay-flag-store';
import { safePayUrl } from './pay-start';
import '../../components/actions.css';
import './purchase.css';

/**
 * /user/purchase/pay?goUrl=…: the payment page inside an embedded frame. When the cashier sends the
 * frame back to one of our screens (its return url), that screen opens in the whole window instead.
 */
export function PayFramePage() {
  const { goUrl } = useSearch({ from: '/user/purchase/pay' });
  const url = safePayUrl(goUrl, location.origin);
  const frame = useRef<HTMLIFrameElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // Opening the pay page sets the pay flag (also when it was reached from a link, not the top-up page).
  useEffect(() => {
    if (!url) return;
    void hasPayFlag().then((set) => {
      if (!set) void setPayFlag('coin', queryClient.getQueryData<UserInfo>(userKeys.info()));
    });
  }, [url, queryClient]);

  const onLoad = () => {
    let path: string | null = null;
    try {
      const loc = frame.current?.contentWindow?.location;
      // Cross-origin cashier pages throw here: they are not ours, stay in the frame.
      if (loc && loc.origin === location.origin) path = `${loc.pathname}${loc.search}`;
    } catch {
      path = null;
    }
    if (path && !path.startsWith('/h5/') && path !== 'about:blank')
      void navigate({ href: path, replace: true });
  };

  return (
    <Page title={AccountText.payPage}>
      {url ? (
        <div className="pay-frame-wrap">
          <p className="pay-frame-note">
            {AccountText.payFrameNote} ·{' '}
            <a href={url} target="_blank" rel="noopener noreferrer" className="acc-link inline">
              {AccountText.openInBrowser}
            </a>
          </p>
          <iframe
            ref={frame}
            className="pay-frame"
            title={AccountText.payFrameTitle}
            src={url}
            onLoad={onLoad}
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : (
        <p className="pay-empty">{AccountText.payLinkBad}</p>
      )}
    </Page>
  );
}
