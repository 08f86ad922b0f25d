import { INPUT_MSG } from '@bagshop/shared/input-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * What every route gets before its own schema looks at a request (docs/decisions/012-bad-input.md):
 * - a JSON body is one object, and no string or key in it holds NUL (PostgreSQL text cannot store it);
 * - no NUL in the path or the query string;
 * - an API route that declares no query parameters takes none, and a writing route that declares no body takes
 *   none (or `{}`): unknown fields are refused everywhere, not only where a schema lists the known ones.
 * Routes that read their own body (multipart forms, the provider's webhook) declare `consumes` and keep it.
 */
export function refuseBadInput(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    parseJson(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return done(new AppError('VALIDATION', INPUT_MSG.bodyNotObject));
      }
      const nulAt = /\\u0000/i.test(text) ? pathToNul(value) : null;
      if (nulAt !== null)
        return done(new AppError('VALIDATION', INPUT_MSG.nulCharacter, { [nulAt]: INPUT_MSG.nulCharacter }));
      done(null, value);
    });
  });

  app.addHook('onRequest', (request, _reply, done) => {
    const { url } = request;
    done(
      url.includes('%00') || url.includes('\u0000') ? new AppError('VALIDATION', INPUT_MSG.nulCharacter) : undefined,
    );
  });

  const noQuery = z.strictObject({});
  // Fastify gives a request without a body null; a JSON null is refused by the parser above.
  const noBody = z.strictObject({}).nullish();
  const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    route.schema ??= {};
    const { schema } = route;
    schema.querystring ??= noQuery;
    const methods = [route.method].flat();
    if (methods.some((m) => writes.has(m)) && !schema.body && !schema.consumes) schema.body = noBody;
  });
}

/** The dotted path of the first string or key holding NUL in a parsed JSON value (iterative: bodies nest deep). */
function pathToNul(root: unknown): string | null {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0) {
    const [value, at] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return at || '_';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const path = at ? `${at}.${key}` : key;
        if (key.includes('\u0000')) return path;
        stack.push([child, path]);
      }
    }
  }
  return null;
}

/**
 * Fastify's own answers for URLs it cannot route (bad percent-encoding, a path segment over the router's
 * length), in the error shape. Passed as the `frameworkErrors` option.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send({ message: INPUT_MSG.badAddress, code: 'BAD_REQUEST' });
}
