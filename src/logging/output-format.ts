import type { DestinationStream, LogFn, LoggerOptions, Logger as PinoLogger } from 'pino';
import pretty from 'pino-pretty';

/** Nest's own start-up lines (one per module and per route) are detail; the start says one "Listening on" line. */
const START_UP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);
const INFO = 30;

function startUpAsDebug(this: PinoLogger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  const [first] = args as unknown[];
  const context = (first as { context?: unknown } | null)?.context;
  if (level === INFO && typeof context === 'string' && START_UP_CONTEXTS.has(context)) {
    this.debug(...args);
    return;
  }
  method.apply(this, args);
}

interface LogLine {
  msg?: string;
  context?: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** A request as `GET /path 200 12 ms <request id>`; anything else as `[Context] message`. */
function terminalLine(log: Record<string, unknown>): string {
  const { msg = '', context, req, res, responseTime } = log as LogLine;
  if (req && res) return `${req.method} ${req.url} ${res.statusCode} ${responseTime} ms ${req.id}`;
  return `${context ? `[${context}] ` : ''}${msg}`;
}

/**
 * One readable line per event on a terminal (stdout is a TTY), one JSON object per line otherwise (files,
 * pipes, log collectors). The terminal's formatting runs synchronously in this thread: a person reads
 * it, so its cost does not matter, and nothing is lost when the process exits at once.
 */
export function withOutputFormat(options: LoggerOptions): LoggerOptions | [LoggerOptions, DestinationStream] {
  const formatted: LoggerOptions = { ...options, hooks: { logMethod: startUpAsDebug } };
  if (!process.stdout.isTTY) return formatted;
  const terminal = pretty({
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,req,res,responseTime',
    messageFormat: terminalLine,
  });
  return [formatted, terminal];
}
