import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';

/**
 * Tells a lost or unreachable database apart from a query the database refused: the first is answered 503
 * ("try again in a moment"), the second stays what it was (an expected failure handled where it happens, or a
 * bug answered 500).
 */

/** Socket errors of a connection to the database that could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATE admin_shutdown, crash_shutdown and cannot_connect_now (starting up, shutting down, in recovery). */
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);

/** node-postgres and its pool say these in plain words, without a code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Cannot use a pool after calling end/,
];

/** Raised by the shop itself when the database did not answer in time (the health check). */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

function saysUnavailable(error: Error & { code?: unknown }): boolean {
  if (error instanceof pg.DatabaseError) {
    const state = error.code ?? '';
    // Class 08: connection exceptions (08006 connection failure, 08001 unable to connect, …).
    return SERVER_GOING_AWAY.has(state) || state.startsWith('08');
  }
  if (typeof error.code === 'string' && SOCKET_CODES.has(error.code)) return true;
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * True when the error says the database is down or cannot be reached. Only the database's own wrappers are
 * looked through (Drizzle puts the driver's error in `cause`; a host with several addresses fails with an
 * AggregateError): a payment or mail server that cannot be reached is not a database outage.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  if (error instanceof DrizzleQueryError) return isDatabaseUnavailable(error.cause, depth + 1);
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return saysUnavailable(error);
}

/** What the driver said, for the log; Drizzle's own message would carry the query's parameters. */
export function databaseFailureReason(error: unknown): string {
  let current = error;
  while (current instanceof DrizzleQueryError || (current instanceof DatabaseUnavailableError && current.cause)) {
    current = current.cause;
  }
  return current instanceof Error ? current.message || current.name : String(current);
}

/** How long a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
