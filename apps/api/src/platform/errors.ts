import { INPUT_MSG } from '@bagshop/shared/input-messages';
import { MSG } from '@bagshop/shared/messages';
import type { ApiErrorBody, ErrorCode } from '@bagshop/shared/schemas/api-error';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseFailureReason, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './database-errors.ts';

/** The codes the server raises on purpose; the framework's own (BAD_REQUEST, UNAVAILABLE, INTERNAL) are set below. */
type RaisedCode = Exclude<ErrorCode, 'BAD_REQUEST' | 'UNAVAILABLE' | 'INTERNAL'>;

const STATUS: Record<RaisedCode, number> = {
  VALIDATION: 400,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_TOO_MANY_TRIES: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  TOKEN_REUSED: 401,
  FORBIDDEN: 403,
  BLOCKED: 403,
  EMAIL_NOT_VERIFIED: 403,
  RESET_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  EMAIL_PENDING: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RESEND_TOO_SOON: 429,
  RATE_LIMITED: 429,
  NOT_CONFIGURED: 503,
  PAYMENT_FAILED: 402,
  PAYMENT_PROVIDER: 502,
  CARD_PAYMENTS_OFF: 409,
  SHIPPING_PROVIDER: 502,
};

/** An expected failure: it reaches the client as `{message, code, fields?}` with its HTTP status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: RaisedCode,
    message: string,
    readonly fields?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.status = STATUS[code];
  }
}

/** A 429 that also tells the client, through the retry-after header, how many seconds to wait. */
export class TryLaterError extends AppError {
  constructor(
    code: 'RATE_LIMITED' | 'RESEND_TOO_SOON',
    message: string,
    readonly retryAfter: number,
  ) {
    super(code, message);
  }
}

export const notFound = (what: string = MSG.notFound) => new AppError('NOT_FOUND', what);
export const validationError = (fields: Record<string, string>) =>
  new AppError('VALIDATION', Object.values(fields)[0] ?? MSG.validation, fields);

export function fieldsFromIssues(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string; keys?: string[] }>,
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) fields[key] ??= `Unknown field '${key}'`;
      continue;
    }
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** One error handler for the whole API; unexpected errors are logged and answered with a generic 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status = 500;
    let body: ApiErrorBody = { message: MSG.unexpected, code: 'INTERNAL' };
    if (error instanceof AppError) {
      status = error.status;
      body = { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
      if (error instanceof TryLaterError) reply.header('retry-after', String(error.retryAfter));
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      body = { message: MSG.shopUnavailable, code: 'UNAVAILABLE' };
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromIssues(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? MSG.validation,
          code: v.keyword,
          keys: (v.params as { keys?: string[] }).keys,
        })),
      );
      status = 400;
      body = { message: Object.values(fields)[0] ?? MSG.validation, code: 'VALIDATION', fields };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { message: MSG.tooManyRequests, code: 'RATE_LIMITED' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA' : 'BAD_REQUEST';
      body = { message: status === 413 ? INPUT_MSG.requestTooLarge : error.message, code };
    }
    if (body.code === 'UNAVAILABLE') request.log.warn({ reason: databaseFailureReason(error) }, 'database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    reply.status(status).send(body);
  });
}
