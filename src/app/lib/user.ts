import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { UserInfo } from '../../contract';
import { call, unwrap } from './api/http';
import { loadSession, peekSession, subscribeSession, updateUser, type StoredSession } from './session';

export const userKeys = {
  all: ['user'] as const,
  info: () => [...userKeys.all, 'info'] as const,
};

void loadSession();

/** The stored session (null when none yet, undefined while loading from the device). */
export function useSession(): StoredSession | null | undefined {
  return useSyncExternalStore(subscribeSession, peekSession, peekSession);
}

export async function fetchUserInfo(): Promise<UserInfo> {
  const info = unwrap(await call('info'));
  await updateUser(info);
  return info;
}

/** Fresh user info from the server (coins, VIP); registers anonymously first when needed. */
export function useUserInfo() {
  const session = useSession();
  return useQuery({
    queryKey: userKeys.info(),
    queryFn: fetchUserInfo,
    placeholderData: session?.user,
    staleTime: 10_000,
  });
}
