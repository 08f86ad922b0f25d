import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';

interface LogStream {
  write(line: string): void;
}

/**
 * The logger: Fastify's own two lines per request are off; `RequestLogController` writes one compact line instead.
 * Bodies and headers are never logged; credential headers are also redacted from anything else that names a
 * request (an error's `req`).
 *
 * Lines go to stdout without waiting for each write: while one write is under way the next lines gather and leave
 * together, so a busy shop makes one system call per batch rather than per request, and a quiet one still writes at
 * once (docs/decisions/024-bench-and-request-logs.md). Pino flushes what is left when the process exits.
 */
export function requestLogOptions(level: Config['LOG_LEVEL'], stream: LogStream = pino.destination({ sync: false })) {
  return {
    level,
    stream,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
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
    reply.log.info({
      method: request.method,
      path,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    });
  }
}
