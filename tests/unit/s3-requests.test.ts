import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3MediaStore } from '../../src/server/infra/media/s3-media-store.js';

/**
 * The requests the S3 adapter puts on the wire, as S3 itself would judge them: s3rver (the tests'
 * server) takes any signature and tolerates requests S3 refuses, so here a recording server answers
 * like S3 and every request is checked against the S3 API reference — a valid Signature Version 4
 * for the configured secret (checked by an implementation of the spec written here, itself checked
 * against AWS's published example), path-style addressing, Content-Length on every upload, a signed
 * payload hash that matches the body, and multipart uploads for a stream larger than a part.
 */

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

interface WireRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** RFC 3986 encoding as SigV4 wants it for query names and values. */
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The signature S3 expects for a request, computed from the spec ("Signature Calculations for the
 * Authorization Header", AWS S3 API reference): canonical request, string to sign, signing key.
 */
function expectedSignature(req: WireRequest, secret: string): { signature: string; given: string } {
  const auth = String(req.headers['authorization'] ?? '');
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) throw new Error(`not a SigV4 Authorization header: ${auth}`);
  const [, , day, region, signedHeaders, given] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const [path, query = ''] = req.url.split('?') as [string, string?];
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const [k, v = ''] = p.split('=') as [string, string?];
      return [uriEncode(decodeURIComponent(k)), uriEncode(decodeURIComponent(v))] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const payloadHash = String(req.headers['x-amz-content-sha256']);
  const canonicalRequest = [
    req.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const amzDate = String(req.headers['x-amz-date']);
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  return { signature: createHmac('sha256', key).update(toSign).digest('hex'), given };
}

describe('the signature check of this test', () => {
  // AWS's example: GET Object with a range, signed 2013-05-24 (S3 API reference, SigV4 header examples).
  const example: WireRequest = {
    method: 'GET',
    url: '/test.txt',
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    },
    body: Buffer.alloc(0),
  };

  it("computes AWS's published signature for its example request", () => {
    const { signature, given } = expectedSignature(example, SECRET);
    expect(signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signature).toBe(given);
  });

  it('tells a wrong secret or an altered request apart', () => {
    expect(expectedSignature(example, 'another-secret').signature).not.toBe(
      expectedSignature(example, SECRET).given,
    );
    const altered = { ...example, headers: { ...example.headers, range: 'bytes=0-99' } };
    expect(expectedSignature(altered, SECRET).signature).not.toBe(expectedSignature(altered, SECRET).given);
  });
});

describe('the S3 adapter on the wire', () => {
  let server: Server;
  let endpoint: string;
  const seen: WireRequest[] = [];
  const OBJECT = Buffer.from('0123456789');

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: WireRequest = {
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        seen.push(r);
        answerLikeS3(r, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
  });

  function answerLikeS3(r: WireRequest, res: import('node:http').ServerResponse) {
    const xml = (body: string) => res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
    if (r.method === 'POST' && r.url.includes('?uploads'))
      return xml(
        '<InitiateMultipartUploadResult><Bucket>media</Bucket><Key>k</Key><UploadId>up-1</UploadId></InitiateMultipartUploadResult>',
      );
    if (r.method === 'POST' && r.url.includes('uploadId='))
      return xml(
        '<CompleteMultipartUploadResult><Bucket>media</Bucket><Key>k</Key><ETag>"e-2"</ETag></CompleteMultipartUploadResult>',
      );
    if (r.method === 'PUT') return res.writeHead(200, { etag: `"${sha256(r.body).slice(0, 32)}"` }).end();
    if (r.method === 'DELETE') return res.writeHead(204).end();
    if (r.url.includes('list-type=2'))
      return xml(
        '<ListBucketResult><Name>media</Name><Prefix>vod/</Prefix><KeyCount>1</KeyCount><IsTruncated>false</IsTruncated><Contents><Key>vod/k/master.m3u8</Key><Size>7</Size></Contents></ListBucketResult>',
      );
    const common = { etag: '"abc"', 'last-modified': new Date(0).toUTCString(), 'accept-ranges': 'bytes' };
    if (r.method === 'HEAD') return res.writeHead(200, { ...common, 'content-length': OBJECT.length }).end();
    const m = /^bytes=(\d+)-(\d*)$/.exec(String(r.headers.range ?? ''));
    // Stores that ignore Range (the whole object, 200) or answer less than was asked.
    if (r.url.includes('/whole/'))
      return res.writeHead(200, { ...common, 'content-length': OBJECT.length }).end(OBJECT);
    if (r.url.includes('/short/') && m)
      return res
        .writeHead(206, { ...common, 'content-range': `bytes ${m[1]}-${m[1]}/10`, 'content-length': 1 })
        .end('x');
    if (!m) return res.writeHead(200, { ...common, 'content-length': OBJECT.length }).end(OBJECT);
    const start = Number(m[1]);
    const end = Math.min(m[2] ? Number(m[2]) : Infinity, OBJECT.length - 1);
    res
      .writeHead(206, {
        ...common,
        'content-range': `bytes ${start}-${end}/${OBJECT.length}`,
        'content-length': end - start + 1,
      })
      .end(OBJECT.subarray(start, end + 1));
  }

  /** Method and URL, without the SDK's own `x-id` tag (S3 ignores it) and with upload ids as U. */
  const call = (r: WireRequest) =>
    `${r.method} ${r.url
      .replace(/[?&]x-id=\w+/, '')
      .replace(/uploadId=[^&]+/, 'uploadId=U')
      .replace(/^([^?]*)&/, '$1?')}`;

  const store = () =>
    new S3MediaStore({
      endpoint,
      bucket: 'media',
      region: 'cn-test-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
    });

  /** Every request was signed for SECRET with a payload hash of its body, and addressed path-style. */
  function expectSignedPathStyle(requests: WireRequest[]) {
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) {
      const { signature, given } = expectedSignature(r, SECRET);
      expect(given, `${r.method} ${r.url}`).toBe(signature);
      expect(r.headers.authorization, r.url).toContain(`Credential=${ACCESS_KEY}/`);
      expect(r.headers.authorization, r.url).toContain('/cn-test-1/s3/aws4_request');
      expect(r.url, 'path-style: the bucket is the first path segment').toMatch(/^\/media(\/|\?|$)/);
      expect(r.headers.host).toBe(new URL(endpoint).host);
      expect(r.headers['x-amz-content-sha256'], r.url).toBe(sha256(r.body));
      // No aws-chunked uploads or flexible checksums: not every S3-compatible server speaks them.
      expect(r.headers['content-encoding'] ?? '', r.url).not.toContain('aws-chunked');
      expect(
        Object.keys(r.headers).filter((h) => h.startsWith('x-amz-checksum-')),
        r.url,
      ).toEqual([]);
    }
  }

  it('signs reads (head, ranged get, list) and deletes correctly for the secret', async () => {
    const s = store();
    expect(await s.head('vod/k/master.m3u8')).toMatchObject({ size: 10, etag: '"abc"' });
    const got = await s.read('vod/k/v360/seg_000.ts', { range: { start: 2, end: 5 } });
    expect(await text(got!.body)).toBe('2345');
    const keys: string[] = [];
    for await (const k of s.list('vod/')) keys.push(k);
    expect(keys).toEqual(['vod/k/master.m3u8']);
    await s.delete('vod/k/master.m3u8');
    s.destroy();
    expect(seen.map((r) => r.method)).toEqual(['HEAD', 'GET', 'GET', 'DELETE']);
    expect(seen[1]!.headers.range).toBe('bytes=2-5');
    expect(call(seen[1]!)).toBe('GET /media/vod/k/v360/seg_000.ts');
    expect(seen[2]!.url).toMatch(/list-type=2/);
    expect(seen[2]!.url).toMatch(/prefix=vod%2F/);
    expectSignedPathStyle(seen);
  });

  it('puts bytes and text with their Content-Length and the type of their key', async () => {
    const s = store();
    await s.write('img/ab_200_0.img', new Uint8Array([1, 2, 3]));
    await s.write('vod/k/master.m3u8', '#EXTM3U\n中文');
    await s.write('vod/k/v360/seg_000.ts', Readable.from([Buffer.from('small stream')]));
    s.destroy();
    expect(seen.map(call)).toEqual([
      'PUT /media/img/ab_200_0.img',
      'PUT /media/vod/k/master.m3u8',
      'PUT /media/vod/k/v360/seg_000.ts',
    ]);
    expect(seen.map((r) => r.headers['content-length'])).toEqual([
      '3',
      String(Buffer.byteLength('#EXTM3U\n中文')),
      '12',
    ]);
    expect(seen.map((r) => r.headers['content-type'])).toEqual([
      'application/octet-stream',
      'application/vnd.apple.mpegurl',
      'video/mp2t',
    ]);
    expect(seen[1]!.body.toString()).toBe('#EXTM3U\n中文');
    expectSignedPathStyle(seen);
  });

  it('uploads a stream larger than a part as a multipart upload, each part with its length', async () => {
    const s = store();
    const big = Buffer.alloc((8 << 20) + 1000, 9);
    await s.write('ads/big.mp4', Readable.from([big.subarray(0, 5 << 20), big.subarray(5 << 20)]));
    s.destroy();
    const calls = seen.map(call);
    expect(calls[0]).toBe('POST /media/ads/big.mp4?uploads=');
    expect(calls.slice(1, -1).sort()).toEqual([
      'PUT /media/ads/big.mp4?partNumber=1&uploadId=U',
      'PUT /media/ads/big.mp4?partNumber=2&uploadId=U',
    ]);
    expect(calls.at(-1)).toBe('POST /media/ads/big.mp4?uploadId=U');
    const parts = seen.filter((r) => r.method === 'PUT');
    expect(parts.map((p) => Number(p.headers['content-length'])).sort((a, b) => b - a)).toEqual([
      8 << 20,
      1000,
    ]);
    expect(Buffer.concat(parts.sort((a, b) => (a.url < b.url ? -1 : 1)).map((p) => p.body)).equals(big)).toBe(
      true,
    );
    expectSignedPathStyle(seen);
  });
  it('aborts a multipart upload whose source fails after a part, passing on the source error', async () => {
    const s = store();
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 9 << 20) return void this.destroy(new Error('source broke'));
        sent += 1 << 20;
        this.push(Buffer.alloc(1 << 20, 1));
      },
    });
    await expect(s.write('ads/broken.mp4', failing)).rejects.toThrow('source broke');
    s.destroy();
    const calls = seen.map(call);
    expect(calls[0]).toBe('POST /media/ads/broken.mp4?uploads=');
    // Nothing completed; the upload's parts are removed (S3 would keep, and bill, them otherwise).
    expect(calls).not.toContain('POST /media/ads/broken.mp4?uploadId=U');
    expect(calls.at(-1)).toBe('DELETE /media/ads/broken.mp4?uploadId=U');
    expectSignedPathStyle(seen);
  });

  it('cuts the range asked for from a store that answers the whole object, and refuses a short answer', async () => {
    const s = store();
    const got = await s.read('vod/whole/seg_000.ts', { range: { start: 3, end: 6 } });
    expect(got!.range).toEqual({ start: 3, end: 6 });
    expect(got!.info.size).toBe(10);
    expect(await text(got!.body)).toBe('3456');
    await expect(s.read('vod/whole/seg_000.ts', { range: { start: 10 } })).rejects.toThrow(RangeError);
    await expect(s.read('vod/short/seg_000.ts', { range: { start: 2, end: 5 } })).rejects.toThrow(
      /media store unavailable: read vod\/short\/seg_000.ts in bucket media: Error: asked for 2-5, got bytes 2-2\/10/,
    );
    s.destroy();
  });
});
