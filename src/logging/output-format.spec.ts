import pino from 'pino';
import { Writable } from 'node:stream';
import { withOutputFormat } from './output-format';

/** The JSON lines a pino logger built with these options writes when stdout is not a terminal. */
function linesLoggedAt(level: string, log: (logger: pino.Logger) => void): { context?: string; msg: string }[] {
  const isTTY = process.stdout.isTTY;
  process.stdout.isTTY = false;
  const options = withOutputFormat({});
  process.stdout.isTTY = isTTY;
  expect(Array.isArray(options)).toBe(false);
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  log(pino({ ...(options as pino.LoggerOptions), level }, sink));
  return lines.map((line) => JSON.parse(line) as { context?: string; msg: string });
}

describe('withOutputFormat', () => {
  const startUp = (logger: pino.Logger) => {
    logger.info({ context: 'RoutesResolver' }, 'VendorsController {/rest-manager-api-v1/vendors}');
    logger.info({ context: 'InstanceLoader' }, 'AppModule dependencies initialized');
    logger.info({ context: 'Main' }, 'Listening on http://localhost:3000, docs at http://localhost:3000/docs');
    logger.warn({ context: 'NestApplication' }, 'a warning is still a warning');
  };

  it("keeps Nest's start-up chatter out of the info log, and everything else in", () => {
    expect(linesLoggedAt('info', startUp).map(({ context, msg }) => `${context}: ${msg}`)).toEqual([
      'Main: Listening on http://localhost:3000, docs at http://localhost:3000/docs',
      'NestApplication: a warning is still a warning',
    ]);
  });

  it('logs that chatter at debug', () => {
    expect(linesLoggedAt('debug', startUp).map(({ context }) => context)).toEqual([
      'RoutesResolver',
      'InstanceLoader',
      'Main',
      'NestApplication',
    ]);
  });
});
