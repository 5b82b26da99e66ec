import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { AppLogger } from './app-logger';
import { requestLogging } from './request-log';

/** A pino logger writing its JSON lines into `lines`. */
function capturingLogger(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

function fakeExchange(url: string, headers: Record<string, string> = {}) {
  const sent: Record<string, string> = {};
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    writableFinished: true,
    headers: sent,
    setHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    },
  });
  const req = { method: 'GET', url, headers } as unknown as IncomingMessage;
  return { req, res };
}

describe('request logging', () => {
  it('puts the request id on the lines written while the request runs and on its one closing line', async () => {
    const lines: Record<string, unknown>[] = [];
    const root = capturingLogger(lines);
    const logger = new AppLogger(root);
    const { req, res } = fakeExchange('/rest-api-v1/x?email=a@b.example', { 'x-request-id': 'trace-1' });
    await new Promise<void>((resolve) =>
      requestLogging(root)(req, res as unknown as ServerResponse, () => {
        // Later in the request, after an await, as a service would log.
        void Promise.resolve().then(() => {
          logger.warn('Slow statement', 'SQL');
          resolve();
        });
      }),
    );
    logger.log('Outside any request', 'Boot');
    res.emit('close');
    await new Promise((resolve) => setImmediate(resolve));

    expect(res.headers['x-request-id']).toBe('trace-1');
    const req1 = { id: 'trace-1', method: 'GET', url: '/rest-api-v1/x?email=***' };
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'Slow statement', context: 'SQL', req: req1, level: 40 }),
      expect.not.objectContaining({ req: expect.anything() as unknown }),
      expect.objectContaining({ msg: 'request completed', req: req1, res: { statusCode: 200 }, level: 30 }),
    ]);
  });

  it('makes an id when the client sent none or an unusable one, and logs nothing for health probes', () => {
    const lines: Record<string, unknown>[] = [];
    const root = capturingLogger(lines);
    const { req, res } = fakeExchange('/health/live', { 'x-request-id': 'bad id with spaces' });
    requestLogging(root)(req, res as unknown as ServerResponse, () => undefined);
    res.emit('close');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([]);
  });

  it('tells the observer of every request, health probes too, once as it starts and once as it closes', () => {
    const lines: Record<string, unknown>[] = [];
    const seen: string[] = [];
    const observer = {
      started: () => seen.push('started'),
      ended: (request: IncomingMessage, response: ServerResponse, seconds: number) =>
        seen.push(`ended ${request.url} ${response.statusCode} ${seconds >= 0 && seconds < 60}`),
    };
    const log = requestLogging(capturingLogger(lines), observer);
    for (const url of ['/health/live', '/rest-api-v1/x']) {
      const { req, res } = fakeExchange(url);
      log(req, res as unknown as ServerResponse, () => seen.push(`next ${url}`));
      res.emit('close');
    }
    expect(seen).toEqual([
      'started',
      'next /health/live',
      'ended /health/live 200 true',
      'started',
      'next /rest-api-v1/x',
      'ended /rest-api-v1/x 200 true',
    ]);
    expect(lines.map((line) => line.msg)).toEqual(['request completed']);
  });
});
