/** Request headers of every call (spec §7). The calls themselves are the table in `endpoints/`. */
export const Header = {
  traceId: 'x-trace-id',
  userId: 'x-user-id',
  account: 'x-account',
  branchId: 'x-branch-id',
  deviceId: 'x-device-id',
  appType: 'x-app-type',
  authorization: 'authorization',
} as const;

/** Trace ids are 8 to 64 characters of [A-Za-z0-9_-]; anything else is not logged. */
export const TRACE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
