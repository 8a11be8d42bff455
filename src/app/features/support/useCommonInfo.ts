import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { accountKeys, fetchCommonInfo } from '../../lib/api/account';
import { useSession } from '../../lib/user';

/**
 * Support contacts and the app download link for the user's branch (spec §3 common info). Asked at once
 * for the default branch while the device's session is still being read (a new visitor has none), as
 * the server's first screen of /home was rendered with it: home's download tip is there from the first
 * frame instead of pushing the page down when it arrives. The answer shown stays while another branch's
 * is asked.
 */
export function useCommonInfo() {
  const session = useSession();
  const branchId = session?.user.branchId ?? 0;
  return useQuery({
    queryKey: accountKeys.commonInfo(branchId),
    queryFn: () => fetchCommonInfo(branchId),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}
