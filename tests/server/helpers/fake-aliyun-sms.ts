import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AliyunSms {
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: string;
}

/** RFC 3986 encoding, as Alibaba Cloud's V3 signature canonicalises names and values. */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Checks an ACS3-HMAC-SHA256 Authorization the way Alibaba Cloud's gateway does (its V3 request
 * signature: canonical request → string to sign → HMAC with the AccessKey secret), so a test proves
 * the adapter sent the configured keys, not merely some header.
 */
function signatureError(req: IncomingMessage, body: Buffer, keys: Record<string, string>): string | null {
  const auth = req.headers.authorization ?? '';
  const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(auth);
  if (!m) return 'IncompleteSignature';
  const [, keyId, signedHeaders, signature] = m as unknown as [string, string, string, string];
  const secret = keys[keyId];
  if (!secret) return 'InvalidAccessKeyId.NotFound';
  if (req.headers['x-acs-content-sha256'] !== sha256(body)) return 'SignatureDoesNotMatch';
  const url = new URL(req.url ?? '/', 'http://fake');
  const query = [...url.searchParams]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  const headers = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, sha256(body)].join('\n');
  const expected = createHmac('sha256', secret)
    .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
    .digest('hex');
  const ok =
    expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
  return ok ? null : 'SignatureDoesNotMatch';
}

/**
 * A local stand-in for Alibaba Cloud SMS (dysmsapi 2017-05-25): SendSms over HTTP with signed
 * requests, answering as the service does — 200 with `Code: OK` and a BizId, 200 with a refusal code
 * (set per number with `refuse`), 400/404 JSON errors for bad signatures or keys, or 503 when `down`.
 */
export class FakeAliyunSms {
  readonly sent: AliyunSms[] = [];
  private readonly refusals = new Map<string, string>();
  down = false;
  private server: Server | null = null;

  constructor(private readonly keys: Record<string, string>) {}

  /** Answer SendSms for this number with this refusal code (e.g. isv.BUSINESS_LIMIT_CONTROL). */
  refuse(mobile: string, code: string): void {
    this.refusals.set(mobile, code);
  }
  allow(mobile: string): void {
    this.refusals.delete(mobile);
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const send = (status: number, body: object) => {
          res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
          res.end(JSON.stringify(body));
        };
        if (this.down) return send(503, { Code: 'ServiceUnavailable', Message: 'down', RequestId: 'R0' });
        const bad = signatureError(req, Buffer.concat(chunks), this.keys);
        if (bad) return send(bad.startsWith('InvalidAccessKeyId') ? 404 : 400, { Code: bad, Message: bad });
        if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25')
          return send(400, { Code: 'InvalidAction.NotFound', Message: 'unknown action' });
        const q = new URL(req.url ?? '/', 'http://fake').searchParams;
        const sms: AliyunSms = {
          phoneNumbers: q.get('PhoneNumbers') ?? '',
          signName: q.get('SignName') ?? '',
          templateCode: q.get('TemplateCode') ?? '',
          templateParam: q.get('TemplateParam') ?? '',
        };
        const refusal = this.refusals.get(sms.phoneNumbers);
        if (refusal) return send(200, { Code: refusal, Message: refusal, RequestId: 'R1' });
        this.sent.push(sms);
        send(200, { Code: 'OK', Message: 'OK', BizId: `BIZ${this.sent.length}`, RequestId: 'R2' });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The code the template carried to this number last, or null. */
  codeFor(mobile: string): string | null {
    const sms = this.sent.findLast((s) => s.phoneNumbers === mobile);
    return sms ? (JSON.parse(sms.templateParam) as { code: string }).code : null;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
