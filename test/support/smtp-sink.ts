import { type ParsedMail, simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/**
 * What the sink does with a message whose DATA has arrived: accept it (after a delay, or once
 * `until` settles), or keep the client waiting for good.
 */
export type DataBehaviour = { hold: true } | { delayMs: number } | { until: Promise<unknown> };

/**
 * A real SMTP server in the test process (the `smtp-server` package) that keeps what it accepts,
 * parsed with `mailparser`. It can stop listening and start again on the same port, refuse
 * recipients with 550, and hold or delay its answer to DATA.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** DATA received, whether or not it was accepted. */
  readonly dataStarted: string[][] = [];
  /** Connections clients opened. */
  connections = 0;
  /** Recipients of each DATA the client gave up on (closed the connection) before the sink answered. */
  readonly abandoned: string[][] = [];
  /** The text of a 550 refusing the address, or undefined to take it. */
  rejectRecipient: (address: string) => string | undefined = () => undefined;
  /** Told the recipients and the envelope sender of each message. */
  onData: (to: string[], from: string) => DataBehaviour | undefined = () => undefined;
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

  /** Starts listening again on the same port (does nothing while it listens). */
  async listen(): Promise<void> {
    if (this.server) return;
    const unanswered = new Map<string, string[]>();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      // A stopped sink drops the connections clients keep open, as a server that goes down does.
      closeTimeout: 1,
      onConnect: (_session, callback) => {
        this.connections += 1;
        callback();
      },
      onRcptTo: (address, _session, callback) => {
        const refusal = this.rejectRecipient(address.address);
        if (refusal === undefined) return callback();
        callback(Object.assign(new Error(refusal), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.dataStarted.push(to);
          unanswered.set(session.id, to);
          const behaviour = this.onData(to, session.envelope.mailFrom ? session.envelope.mailFrom.address : '');
          if (behaviour && 'hold' in behaviour) return; // never answers: the client times out or dies
          const accept = async (): Promise<void> => {
            const raw = Buffer.concat(chunks).toString('utf8');
            this.received.push({ to, raw, parsed: await simpleParser(raw) });
            unanswered.delete(session.id);
            callback();
          };
          if (behaviour && 'until' in behaviour) void behaviour.until.then(accept);
          else setTimeout(() => void accept(), behaviour?.delayMs ?? 0);
        });
      },
      onClose: (session) => {
        const to = unanswered.get(session.id);
        if (to) this.abandoned.push(to);
        unanswered.delete(session.id);
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
