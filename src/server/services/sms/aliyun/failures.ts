import type { SmsFailure } from '../../../ports/sms-provider.js';

/**
 * Alibaba Cloud SMS answer codes (SendSms `Code`, or the `code` of an error the SDK throws for a 4xx)
 * by what the user is told. From Alibaba Cloud's SMS error code list; anything not named here is
 * treated as the provider being unavailable.
 */
const BY_CODE: Readonly<Record<string, SmsFailure>> = {
  // Flow control per number (default 1/minute, 5/hour, 10/day) and per template.
  'isv.BUSINESS_LIMIT_CONTROL': 'throttled',
  'isv.DAY_LIMIT_CONTROL': 'throttled',
  'isv.DOMESTIC_NUMBER_NOT_SUPPORTED': 'badNumber',
  'isv.MOBILE_NUMBER_ILLEGAL': 'badNumber',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'badNumber',
  // Ours to fix: account, balance, keys, sign name, template, parameters.
  'isv.AMOUNT_NOT_ENOUGH': 'misconfigured',
  'isv.ACCOUNT_NOT_EXISTS': 'misconfigured',
  'isv.ACCOUNT_ABNORMAL': 'misconfigured',
  'isv.OUT_OF_SERVICE': 'misconfigured',
  'isv.PRODUCT_UN_SUBSCRIPT': 'misconfigured',
  'isv.PRODUCT_UNSUBSCRIBE': 'misconfigured',
  'isv.SMS_SIGNATURE_ILLEGAL': 'misconfigured',
  'isv.SMS_SIGN_ILLEGAL': 'misconfigured',
  'isv.SMS_TEMPLATE_ILLEGAL': 'misconfigured',
  'isv.TEMPLATE_MISSING_PARAMETERS': 'misconfigured',
  'isv.TEMPLATE_PARAMS_ILLEGAL': 'misconfigured',
  'isv.INVALID_PARAMETERS': 'misconfigured',
  'isv.INVALID_JSON_PARAM': 'misconfigured',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'misconfigured',
  'isv.DENY_IP_RANGE': 'misconfigured',
  'isp.RAM_PERMISSION_DENY': 'misconfigured',
  'InvalidAccessKeyId.NotFound': 'misconfigured',
  'InvalidAccessKeyId.Inactive': 'misconfigured',
  SignatureDoesNotMatch: 'misconfigured',
  'Forbidden.RAM': 'misconfigured',
};

export function aliyunFailure(code: string | undefined): SmsFailure {
  return (code !== undefined && Object.hasOwn(BY_CODE, code) && BY_CODE[code]) || 'unavailable';
}
