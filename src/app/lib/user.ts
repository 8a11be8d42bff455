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

/**
 * One field of the user's info, for a screen that needs only that: the fresh answer's, else the stored
 * session's while it comes. The screen re-renders only when the field changes, not at each step of a
 * first visit (session loaded, registered, info stored, info answered), each of which re-rendered
 * a whole landing screen. `pick` returns a primitive (compared with Object.is).
 */
export function useUserField<T extends string | number | boolean>(pick: (u: UserInfo) => T): T | undefined {
  const stored = () => {
    const u = peekSession()?.user;
    return u ? pick(u) : undefined;
  };
  const fromDevice = useSyncExternalStore(subscribeSession, stored, stored);
  const fresh = useQuery({
    queryKey: userKeys.info(),
    queryFn: fetchUserInfo,
    staleTime: 10_000,
    select: pick,
  });
  return fresh.data ?? fromDevice;
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
