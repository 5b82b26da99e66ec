import { type ParsedMail, simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/** What the sink does with a message whose DATA has arrived: accept it, or keep the client waiting. */
export type DataBehaviour = { hold: true } | { delayMs: number };

/**
 * A real SMTP server in the test process (the `smtp-server` package) that keeps what it accepts,
 * parsed with `mailparser`. It can stop listening and start again on the same port, refuse
 * recipients with 550, and hold or delay its answer to DATA.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** DATA received, whether or not it was accepted. */
  readonly dataStarted: string[][] = [];
  rejectRecipient: (address: string) => boolean = () => false;
  onData: (to: string[]) => DataBehaviour | undefined = () => undefined;
  private server?: SMTPServer;

  private constructor(public port: number) {}

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink(0);
    await sink.listen();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.rejectRecipient(address.address)) return callback();
        callback(Object.assign(new Error('5.1.1 Recipient address rejected: no such user'), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.dataStarted.push(to);
          const behaviour = this.onData(to);
          if (behaviour && 'hold' in behaviour) return; // never answers: the client times out or dies
          const accept = async (): Promise<void> => {
            const raw = Buffer.concat(chunks).toString('utf8');
            this.received.push({ to, raw, parsed: await simpleParser(raw) });
            callback();
          };
          setTimeout(() => void accept(), behaviour?.delayMs ?? 0);
        });
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: connections are refused until listen() again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }
}
