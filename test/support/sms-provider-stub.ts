import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsRequest {
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface StubResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A local HTTP server standing in for Twilio's Messages API: records each request, answers as told. */
export class SmsProviderStub {
  readonly requests: SmsRequest[] = [];
  respond: (request: SmsRequest) => StubResponse = () => ({ status: 201, body: { sid: 'SM0001', status: 'queued' } });

  private constructor(private readonly server: Server) {}

  static async start(): Promise<SmsProviderStub> {
    const stub: SmsProviderStub = new SmsProviderStub(
      createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const request: SmsRequest = {
            at: Date.now(),
            method: req.method ?? '',
            path: req.url ?? '',
            headers: req.headers,
            form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
          };
          stub.requests.push(request);
          const { status, body, headers } = stub.respond(request);
          res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
          res.end(body === undefined ? '' : JSON.stringify(body));
        });
      }),
    );
    await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
    return stub;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  to(e164: string): SmsRequest[] {
    return this.requests.filter((request) => request.form.To === e164);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
