import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The logger: Fastify's own two lines per request are off (`disableRequestLogging`); `logRequest` writes one
 * compact line instead. Bodies and headers are never logged; credential headers are also redacted from anything
 * else that names a request (an error's `req`).
 */
export function requestLogOptions(level: Config['LOG_LEVEL']) {
  return {
    level,
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

/** onResponse hook: one line per API request — method, path without the query, status, time in ms, request id. */
export async function logRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const path = pathOf(request.url);
  if (!isLogged(request.method, path)) return;
  request.log.info({
    method: request.method,
    path,
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  });
}
