import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { payKeys } from '../../lib/api/pay';
import { userKeys } from '../../lib/user';

/**
 * Coins and VIP change outside this page (a cashier in another tab or app, a notification that
 * arrives later): refetch user info and the top-up data whenever the user comes back to the page.
 */
export function useRefreshOnReturn(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: payKeys.all });
    };
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) refresh();
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [queryClient]);
}
