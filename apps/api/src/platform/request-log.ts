import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The request log: method, path, status and time, never a password, token or code. Bodies are not logged;
 * headers that carry credentials are removed; the query string is left out, as it can carry a sign-in
 * provider's one-time code (GET /api/user/auth/google?code=…).
 */
export function requestLogOptions(level: Config['LOG_LEVEL']) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url.split('?')[0],
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
