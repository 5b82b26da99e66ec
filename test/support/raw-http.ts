import { createConnection } from 'node:net';
import { request } from 'node:http';
import { checkReceived } from './response-contract';

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP request with full control over path, headers and body bytes (fetch normalises too much). */
export function rawRequest(
  baseUrl: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const reply = {
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          };
          checkReceived(options.method, options.path, reply.status, res.headers['content-type'], reply.text);
          resolve(reply);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** What a server answered to bytes sent on a raw socket that then stays open and silent, and after how long. */
export function stalledRequest(
  port: number,
  sent: string,
  giveUpMs: number,
): Promise<{ reply: string; closedAfterMs: number | undefined }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write(sent));
    let reply = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ reply, closedAfterMs: undefined });
    }, giveUpMs);
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ reply, closedAfterMs: performance.now() - started });
    });
    socket.on('error', reject);
  });
}
