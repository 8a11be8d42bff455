import { useQuery } from '@tanstack/react-query';
import { accountKeys, fetchCommonInfo } from '../../lib/api/account';
import { useSession } from '../../lib/user';

/** Support contacts and the app download link for the user's branch (spec §3 common info). */
export function useCommonInfo() {
  const session = useSession();
  const branchId = session?.user.branchId ?? 0;
  return useQuery({
    queryKey: accountKeys.commonInfo(branchId),
    queryFn: () => fetchCommonInfo(branchId),
    staleTime: 10 * 60_000,
    enabled: session !== undefined,
  });
}
