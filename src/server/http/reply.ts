import { Code, Msg } from '../../contract/index.js';

/** The answer envelope. Business failures are HTTP 200 with result false and a spec code. */
export const ok = <T>(data: T, msg: string = Msg.ok) => ({ result: true, code: Code.OK, msg, data });
export const fail = <T = null>(code: number | string, msg: string, data: T = null as T) => ({
  result: false,
  code,
  msg,
  data,
});
