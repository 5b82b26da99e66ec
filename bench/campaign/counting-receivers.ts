import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { IDEMPOTENCY_HEADER, SmsProviderStub } from '../../test/support/sms-provider-stub';

/** One message as a receiver saw it: its key (Message-ID or the provider's idempotency token) and when. */
export interface Arrival {
  key: string;
  at: number;
}

/** What a receiver got: every arrival, repeats included, and how many distinct keys. */
export function tally(arrivals: readonly Arrival[]): { total: number; distinct: number; first: number; last: number } {
  const times = arrivals.map(({ at }) => at);
  return {
    total: arrivals.length,
    distinct: new Set(arrivals.map(({ key }) => key)).size,
    first: Math.min(...times),
    last: Math.max(...times),
  };
}

const MESSAGE_ID = /^message-id:\s*(<[^>\r\n]+>)/im;

/** Waits the provider's answer time; none at 0. */
const answerAfter = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/**
 * An SMTP server that keeps only each message's Message-ID and arrival time: the benchmark's own
 * process must not be what limits delivery, so it parses nothing else of 50,000 messages. It accepts
 * each message `latencyMs` after its data ended, as a real relay answers after its own work.
 */
export class CountingSmtpSink {
  readonly arrivals: Arrival[] = [];
  /** Connections opened by the instances: one per message without a pool. */
  connections = 0;
  private server?: SMTPServer;

  constructor(private readonly latencyMs = 0) {}

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections += 1;
        callback();
      },
      onData: (stream, _session, callback) => {
        let head = '';
        stream.on('data', (chunk: Buffer) => {
          if (head.length < 16_384) head += chunk.toString('latin1');
        });
        stream.on('end', () => {
          const id = MESSAGE_ID.exec(head.split(/\r?\n\r?\n/, 1)[0])?.[1];
          void answerAfter(this.latencyMs).then(() => {
            this.arrivals.push({ key: id ?? `missing-${this.arrivals.length}`, at: performance.now() });
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server!.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(resolve) ?? resolve());
  }
}

/** The SMS provider's stand-in, with the time of each message it accepted, answering after `latencyMs`. */
export class CountingSmsProvider {
  readonly arrivals: Arrival[] = [];
  /** Every request, repeats included (a repeat carrying an accepted token is not a second text). */
  requests = 0;
  private stub!: SmsProviderStub;

  constructor(private readonly latencyMs = 0) {}

  async start(): Promise<void> {
    this.stub = await SmsProviderStub.start();
    this.stub.respond = async (request) => {
      await answerAfter(this.latencyMs);
      this.requests += 1;
      const token = request.headers[IDEMPOTENCY_HEADER];
      this.arrivals.push({ key: typeof token === 'string' ? token : request.form.To, at: performance.now() });
      return { status: 201, body: { sid: `SM${this.arrivals.length}`, status: 'queued' } };
    };
  }

  get baseUrl(): string {
    return this.stub.baseUrl;
  }

  /** Requests the stub answered from its idempotency memory (retries of an accepted text). */
  get repeats(): number {
    return this.stub.requests.length - this.requests;
  }

  async stop(): Promise<void> {
    await this.stub.close();
  }
}
