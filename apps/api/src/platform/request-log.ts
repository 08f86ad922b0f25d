import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
import pino from 'pino';
import type { Config } from '../config.ts';
import { oneJsonLine } from './log-text.ts';

interface LogStream {
  write(line: string): void;
}

/**
 * The logger: Fastify's own two lines per request are off; `RequestLogController` writes one compact line instead.
 * Bodies and headers are never logged; credential headers are also redacted from anything else that names a
 * request (an error's `req`).
 *
 * Lines go to stdout by plain synchronous writes (pino's default destination): the request lines gather first and
 * leave in one write per 64 KB or per tenth of a second, whichever comes first (`RequestLines`); anything else (an
 * error, a warning) is written at once (docs/decisions/024-bench-and-request-logs.md, amendment).
 */
export function requestLogOptions(level: Config['LOG_LEVEL'], stream: LogStream = pino.destination({ sync: true })) {
  return {
    level,
    stream,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // Pino writes JSON, one line per entry, with the C0 controls escaped but not the C1 ones (NEL) nor U+2028 and
    // U+2029, which some log viewers take as line breaks: a warning quoting what a visitor typed keeps to its line.
    hooks: { streamWrite: oneJsonLine },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: pathOf(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

/** The query string is left out, as it can carry a sign-in provider's one-time code (GET …/auth/google?code=…). */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

const LOGGED_PREFIXES = ['/api/', '/dev/'];

/**
 * Files (the web app's assets, uploaded pictures, index.html for client-side routes, the favicon) are read in
 * the hundreds per visit and tell the owner nothing; what the shop does is in its API calls. A write to any other
 * path is still logged: nobody's browser sends one.
 */
function isLogged(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return true;
  return LOGGED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Request lines gather until this many characters or this many milliseconds, then leave in one write. */
const FLUSH_CHARS = 64 * 1024;
const FLUSH_MS = 100;

/** Loggers with request lines not yet written: written when the process exits (`process.exit` on a stop signal). */
const unwritten = new Set<RequestLines>();
process.once('exit', () => {
  for (const lines of unwritten) lines.flush();
});

/**
 * The request lines of one logger: each built as one template, field for field the line pino writes for
 * `info({ reqId, method, path, status, ms })` (level, time, the logger's pid and hostname, then the fields), and
 * written together. Through pino that line cost about 3.9 µs of CPU, this way about 1.6 µs, against some 35 µs for a
 * whole cached answer; a write per turn of the event loop cost more than the lines themselves, one per 64 KB almost
 * nothing (docs/decisions/024-bench-and-request-logs.md, amendments). The level is read once per logger: the shop never
 * changes it while running.
 */
class RequestLines {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;
  private readonly head: string;
  private readonly tail: string;

  constructor(
    private readonly stream: LogStream,
    logger: FastifyBaseLogger,
  ) {
    const chindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
    this.head = `{"level":${pino.levels.values.info},"time":`;
    this.tail = `${chindings},"reqId":`;
  }

  add(reqId: string, method: string, path: string, status: number, ms: number): void {
    this.pending += `${this.head}${Date.now()}${this.tail}${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}}\n`;
    if (this.pending.length >= FLUSH_CHARS) {
      this.flush();
    } else if (!this.timer) {
      // Never what keeps the process running: its exit writes what is left.
      this.timer = setTimeout(this.flush, FLUSH_MS).unref();
      unwritten.add(this);
    }
  }

  readonly flush = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    unwritten.delete(this);
    if (!this.pending) return;
    const lines = this.pending;
    this.pending = '';
    this.stream.write(lines);
  };
}

const requestLines = new WeakMap<FastifyBaseLogger, RequestLines | null>();

/** Writes the request lines the logger has gathered (the shop's close does, so a stop leaves none behind). */
export function flushRequestLines(logger: FastifyBaseLogger): void {
  requestLines.get(logger)?.flush();
}

/** The logger's request lines; null when it writes no info lines (LOG_LEVEL=silent, or no logger in tests). */
function requestLinesOf(logger: FastifyBaseLogger): RequestLines | null {
  let lines = requestLines.get(logger);
  if (lines === undefined) {
    const stream = (logger as unknown as Record<symbol, LogStream | undefined>)[pino.symbols.streamSym];
    lines = stream && (logger as pino.Logger).isLevelEnabled?.('info') ? new RequestLines(stream, logger) : null;
    requestLines.set(logger, lines);
  }
  return lines;
}

/**
 * One line per API request — method, path without the query, status, time in ms, request id — written where Fastify
 * itself would log the request's end, so no hook runs per request.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  /** A failed request's error is logged by the error handler (platform/errors.ts); this line only says it ended. */
  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const path = pathOf(request.url);
    if (!isLogged(request.method, path)) return;
    // The shop's own logger's stream, with the request id in the line: the line the request's child would write,
    // without making that child (see lazyRequestLogger).
    requestLinesOf(request.server.log)?.add(
      request.id,
      request.method,
      path,
      reply.statusCode,
      Math.round(reply.elapsedTime * 10) / 10,
    );
  }
}

/**
 * The request's logger (`request.log`, the request id bound), made by pino only when something logs through it — an
 * error, a warning. Fastify makes one for every request before any hook runs, which cost about as much as the
 * request's log line itself, while most requests log nothing but that line. A class, not closures: the shop runs
 * through tsx, which names every closure it creates (one property write each).
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level() {
    return this.logger.level;
  }

  set level(level) {
    this.logger.level = level;
  }

  fatal(...args: Parameters<FastifyBaseLogger['fatal']>) {
    this.logger.fatal(...args);
  }

  error(...args: Parameters<FastifyBaseLogger['error']>) {
    this.logger.error(...args);
  }

  warn(...args: Parameters<FastifyBaseLogger['warn']>) {
    this.logger.warn(...args);
  }

  info(...args: Parameters<FastifyBaseLogger['info']>) {
    this.logger.info(...args);
  }

  debug(...args: Parameters<FastifyBaseLogger['debug']>) {
    this.logger.debug(...args);
  }

  trace(...args: Parameters<FastifyBaseLogger['trace']>) {
    this.logger.trace(...args);
  }

  silent(...args: Parameters<FastifyBaseLogger['silent']>) {
    this.logger.silent(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: see LazyRequestLogger. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
