import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';

/** An RSA key pair as the providers' consoles hand them out (2048 bits, PEM). */
export interface PemPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  privatePem: string;
  publicPem: string;
}

export function rsaPair(): PemPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) => Promise<unknown>;

/** A local HTTP server on 127.0.0.1 and a free port: the provider's side of the wire in a test. */
export async function listen(handler: Handler): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const body = await readBody(req);
        await handler(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'), body);
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      }
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { server, base: `http://127.0.0.1:${port}` };
}

export const closeServer = (server: Server) =>
  new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });

export const html = (res: ServerResponse, status: number, body: string) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);

/** What our server answered a notify: its status, content type and body as sent. */
export interface NotifyReply {
  status: number;
  contentType: string | null;
  body: string;
}
