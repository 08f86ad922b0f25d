import { apiErrorSchema } from '@bagshop/shared/schemas/api-error';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guard } from './auth-guard.ts';

/**
 * The API's contract, written once per route in packages/shared and completed here (docs/architecture.md, "One
 * contract"): every API route documents, besides its own answers, the error shape for the failures any route can
 * give; a guarded route documents the bearer scheme and its 401/403. With `checkResponses` (NODE_ENV=test), an
 * answer whose status the route's schema does not list becomes a 500, so the tests catch a document that drifts;
 * answers with a listed status are checked against their schema by the zod serializer in every mode.
 */
export const BEARER_SCHEME = 'bearerAuth';

type Responses = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The fields of a multipart form, for the document only: the handler reads the parts itself
     * (platform/multipart.ts), so a `schema.body` would make Fastify validate the stream. File fields are
     * `formFile` (packages/shared/src/schemas/forms.ts).
     */
    multipartBody?: z.ZodType;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isDocumentedApiRoute(route: { url: string; schema?: FastifySchema }): boolean {
  return route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.schema?.hide;
}

/** The error shape under the statuses only this route gives, e.g. `response: { 200: cartSchema, ...errors(409) }`. */
export function errors(...statuses: number[]): Record<number, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
}

/** Adds the error shape under each status the route does not describe itself. */
function withErrors(schema: FastifySchema, statuses: readonly number[]): void {
  schema.response ??= {};
  const responses = schema.response as Responses;
  for (const status of statuses) responses[String(status)] ??= apiErrorSchema;
}

function documentAccess(route: RouteOptions, access: Guard['access']): void {
  if (!access || !isDocumentedApiRoute(route)) return;
  route.schema ??= {};
  const schema = route.schema as FastifySchema & {
    security?: Array<Record<string, string[]>>;
    'x-access'?: Guard['access'];
  };
  // An optional sign-in changes what the answer holds, never whether there is one.
  schema.security = access === 'optional' ? [{ [BEARER_SCHEME]: [] }, {}] : [{ [BEARER_SCHEME]: [] }];
  // Who may call it: the bearer scheme alone cannot say that a shopper's token is refused with 403.
  if (schema['x-access'] !== 'admin') schema['x-access'] = access;
  if (access !== 'optional') withErrors(schema, [401, 403]);
}

/**
 * Puts `guard` in front of every route of this plugin and documents it on each; use it instead of
 * `app.addHook('onRequest', guard)` so no guarded route can be missing from the document's security. It runs in
 * onRequest, before the body is read and the body and query are validated: a visitor or a shopper meets 401/403,
 * never a 400 that describes what the route takes. A single route takes a guard as `onRequest: guards.requireX`.
 */
export function guardEveryRoute(app: FastifyInstance, guard: Guard): void {
  app.addHook('onRoute', (route) => documentAccess(route, guard.access));
  app.addHook('onRequest', guard);
}

/** The guards among a route's hooks of one kind. */
function guardsIn(hooks: unknown): Guard[] {
  return ([hooks ?? []].flat() as Guard[]).filter((hook) => typeof hook === 'function' && hook.access !== undefined);
}

/** Documents, on every API route, the answers no route writes itself: errors of input, access, limits and outages. */
export function documentRoutes(app: FastifyInstance, options: { checkResponses: boolean }): void {
  app.addHook('onRoute', (route) => {
    // A guard after onRequest would let validation answer first (docs/decisions/012-bad-input.md, amendment).
    for (const late of ['preParsing', 'preValidation', 'preHandler'] as const) {
      if (guardsIn(route[late]).length > 0) {
        throw new Error(`${route.method} ${route.url}: a guard belongs in onRequest, not ${late}`);
      }
    }
    if (!isDocumentedApiRoute(route)) return;
    route.schema ??= {};
    const { schema } = route;
    for (const guard of guardsIn(route.onRequest)) documentAccess(route, guard.access);
    const statuses = [400, 500, 503];
    if (route.url.includes(':')) statuses.push(404);
    if ([route.method].flat().some((method) => WRITES.has(method))) statuses.push(413, 415);
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
    withErrors(schema, statuses);
  });

  if (!options.checkResponses) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const route = { url: request.routeOptions.url ?? '', schema: request.routeOptions.schema };
    if (!isDocumentedApiRoute(route)) return payload;
    const responses = (route.schema?.response ?? {}) as Responses;
    // A route that describes none of its own answers yet is not checked (every route does: docs/architecture.md).
    if (!Object.keys(responses).some((key) => key.startsWith('2'))) return payload;
    const status = String(reply.statusCode);
    if (status in responses || `${status[0]}XX` in responses || `${status[0]}xx` in responses) return payload;
    reply.code(500);
    return JSON.stringify({
      message: `${request.method} ${route.url} answered ${status}, a status its schema does not list`,
      code: 'INTERNAL',
    });
  });
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The document's transform: zod schemas become JSON schemas, and a route's `config.multipartBody` becomes the body
 * of the content types in its `consumes` (`requestBody.content['multipart/form-data'].schema`). A route that takes
 * a multipart form without describing it breaks the document, so no form goes undocumented.
 */
export function documentTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const form = (input.route.config as { multipartBody?: z.ZodType } | undefined)?.multipartBody;
  const consumes = (input.schema as { consumes?: string[] }).consumes ?? [];
  if (!form && !input.schema.body && consumes.includes('multipart/form-data') && !input.schema.hide) {
    throw new Error(`${input.route.method} ${input.url} takes a multipart form but gives no config.multipartBody`);
  }
  const body = (input.schema.body as z.ZodType | undefined) ?? form;
  const result = jsonSchemaTransform(
    body === input.schema.body ? input : { ...input, schema: { ...input.schema, body } },
  );
  // zod leaves out the examples of a schema that transforms its input (a trimmed field); they are the input's.
  const examples = body && z.globalRegistry.get(body)?.examples;
  const transformed = result.schema as { body?: Record<string, unknown> };
  if (examples && transformed.body && !transformed.body.examples && !transformed.body.$ref) {
    transformed.body = { ...transformed.body, examples };
  }
  return result;
}
