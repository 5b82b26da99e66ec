import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One POST as the receiver got it: the raw body is what the signature covers. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; timestamp: string; vendorId: number | null; data: Record<string, unknown> };
}

/** How the receiver answers one request: a status, or `hang` (never answers). */
export type ReceiverAnswer = number | 'hang';

/**
 * A vendor's system on 127.0.0.1: records every POST and answers as `answer` says (200 by default),
 * per path, so one server stands for several endpoints (`url(path)`).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Requests not answered yet whose sender is still connected (a sender that times out or dies leaves). */
  pending = 0;
  /** A promise holds the answer back until it settles, as a slow receiver would. */
  answer: (request: ReceivedWebhook) => ReceiverAnswer | Promise<ReceiverAnswer> = () => 200;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const receiver: WebhookReceiver = new WebhookReceiver(
      createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const request = { path: req.url ?? '', headers: req.headers, body, event: JSON.parse(body) };
          receiver.received.push(request);
          receiver.pending++;
          res.once('close', () => receiver.pending--);
          void Promise.resolve(receiver.answer(request)).then((answer) => {
            if (answer === 'hang') return;
            res.writeHead(answer, { 'Content-Type': 'text/plain' }).end(answer < 300 ? 'ok' : 'x'.repeat(5000));
          });
        });
      }),
    );
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** Verifies a delivery as a receiver would, with the `standardwebhooks` reference package; answers the event. */
export function verified(secret: string, request: ReceivedWebhook): unknown {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request.headers[name])]),
  );
  return new Webhook(secret).verify(request.body, headers);
}
