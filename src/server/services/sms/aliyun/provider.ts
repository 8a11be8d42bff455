import DysmsapiModule, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { ConfigError } from '../../../config.js';
import type { SmsMessage, SmsProvider, SmsSendResult } from '../../../ports/sms-provider.js';
import type { ProviderSettings } from '../../provider-registry.js';
import { aliyunFailure } from './failures.js';

/**
 * The package is CommonJS with `exports.default = Client`: Node's ESM import hands over the module
 * object, so the class is at `.default` there (and is the import itself where interop unwraps it).
 */
const Dysmsapi = (DysmsapiModule as unknown as { default?: typeof DysmsapiModule }).default ?? DysmsapiModule;

export const SMS_ALIYUN = 'aliyun';

/** Settings it cannot send without (the registry stops start-up naming the one unset). */
export const ALIYUN_REQUIRES = [
  'SMS_ALIYUN_ACCESS_KEY_ID',
  'SMS_ALIYUN_ACCESS_KEY_SECRET',
  'SMS_ALIYUN_SIGN_NAME',
  'SMS_ALIYUN_TEMPLATE_CODE',
] as const;
export const ALIYUN_ENDPOINT_SETTING = 'SMS_ALIYUN_ENDPOINT';
const DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';

/** A bind code must reach the phone while the user waits for it: past these, the send has failed. */
const CONNECT_TIMEOUT_MS = 3000;
const READ_TIMEOUT_MS = 5000;

/**
 * SMS_ALIYUN_ENDPOINT as host and protocol: https for any host; plain http only to this machine
 * (a local fake in tests), since the codes would cross the network readable.
 */
export function aliyunEndpoint(raw: string | undefined): { endpoint: string; protocol: 'https' | 'http' } {
  const value = raw?.trim() || DEFAULT_ENDPOINT;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    throw new ConfigError(`${ALIYUN_ENDPOINT_SETTING}: not a host or URL: "${value}"`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new ConfigError(`${ALIYUN_ENDPOINT_SETTING}: https expected (plain http only to this machine)`);
  if (url.pathname !== '/' || url.search)
    throw new ConfigError(`${ALIYUN_ENDPOINT_SETTING}: a host only, without a path`);
  return { endpoint: url.host, protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

/** The code the SDK attached to a thrown error (4xx answers such as a bad AccessKey), if any. */
function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25 SendSms) through its official SDK: the operator's approved
 * sign name and template, the bind code as the template's `${code}`. The SDK signs every call
 * (ACS3-HMAC-SHA256); refusals come as 200 with a non-OK Code and map to the user's message by kind.
 */
export function createAliyunSmsProvider(settings: ProviderSettings, endpointSetting?: string): SmsProvider {
  const { endpoint, protocol } = aliyunEndpoint(endpointSetting);
  const client = new Dysmsapi(
    new $OpenApiUtil.Config({
      accessKeyId: settings.SMS_ALIYUN_ACCESS_KEY_ID,
      accessKeySecret: settings.SMS_ALIYUN_ACCESS_KEY_SECRET,
      endpoint,
      protocol,
      connectTimeout: CONNECT_TIMEOUT_MS,
      readTimeout: READ_TIMEOUT_MS,
    }),
  );
  const signName = settings.SMS_ALIYUN_SIGN_NAME!;
  const templateCode = settings.SMS_ALIYUN_TEMPLATE_CODE!;
  return {
    name: SMS_ALIYUN,
    outboxPath: null,
    async send(message: SmsMessage): Promise<SmsSendResult> {
      try {
        const answer = await client.sendSms(
          new SendSmsRequest({
            phoneNumbers: message.mobile,
            signName,
            templateCode,
            templateParam: JSON.stringify({ code: message.params.code }),
          }),
        );
        const body = answer.body;
        if (body?.code === 'OK') return { ok: true, messageId: body.bizId ?? body.requestId ?? '' };
        const code = body?.code ?? `HTTP ${answer.statusCode}`;
        return { ok: false, failure: aliyunFailure(body?.code), reason: `${code}: ${body?.message ?? ''}` };
      } catch (err) {
        // The SDK's message names the request, never the secret; keep only code and message.
        const code = codeOf(err);
        const text = err instanceof Error ? err.message : String(err);
        return { ok: false, failure: aliyunFailure(code), reason: code ? `${code}: ${text}` : text };
      }
    },
  };
}
