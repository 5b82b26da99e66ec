import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsRequest {
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

/** The header Twilio reads a client's idempotency key from. */
export const IDEMPOTENCY_HEADER = 'i-twilio-idempotency-token';

/**
 * A local HTTP server standing in for Twilio's Messages API: records each request and answers as
 * told. Like the provider, it honours the idempotency token: a request repeating the token of one it
 * accepted (2xx) gets that first answer again and is not a second message.
 */
export class SmsProviderStub {
  /** Every request received, repeats included. */
  readonly requests: SmsRequest[] = [];
  /** The messages accepted: what the customers' phones receive. */
  readonly messages: SmsRequest[] = [];
  respond: (request: SmsRequest) => StubResponse | Promise<StubResponse> = () => ({
    status: 201,
    body: { sid: 'SM0001', status: 'queued' },
  });
  private readonly accepted = new Map<string, StubResponse>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<SmsProviderStub> {
    const stub: SmsProviderStub = new SmsProviderStub(
      createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const request: SmsRequest = {
            method: req.method ?? '',
            path: req.url ?? '',
            headers: req.headers,
            form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
          };
          void stub.answer(request).then(({ status, body, headers }) => {
            res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
            res.end(body === undefined ? '' : JSON.stringify(body));
          });
        });
      }),
    );
    await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
    return stub;
  }

  private async answer(request: SmsRequest): Promise<StubResponse> {
    this.requests.push(request);
    const token = request.headers[IDEMPOTENCY_HEADER];
    const repeated = typeof token === 'string' ? this.accepted.get(token) : undefined;
    if (repeated) return repeated;
    const response = await this.respond(request);
    if (response.status >= 200 && response.status < 300) {
      this.messages.push(request);
      if (typeof token === 'string') this.accepted.set(token, response);
    }
    return response;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The requests for this number, repeats included. */
  to(e164: string): SmsRequest[] {
    return this.requests.filter((request) => request.form.To === e164);
  }

  /** The messages this number received. */
  messagesTo(e164: string): SmsRequest[] {
    return this.messages.filter((request) => request.form.To === e164);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
