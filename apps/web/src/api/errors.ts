import type { ApiErrorBody } from '@bagshop/shared/schemas/api-error';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The server's message when it sent one (docs/product.md §8), else the given default. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isFetchError(error) && typeof error.data === 'object' && error.data !== null) {
    const message = (error.data as Partial<ApiErrorBody>).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/** Per-field messages of a 400 answer, to show under the form fields. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (isFetchError(error) && typeof error.data === 'object' && error.data !== null) {
    return (error.data as Partial<ApiErrorBody>).fields ?? {};
  }
  return {};
}

export function errorCode(error: unknown): string | null {
  if (isFetchError(error) && typeof error.data === 'object' && error.data !== null) {
    return (error.data as Partial<ApiErrorBody>).code ?? null;
  }
  return null;
}

export function errorStatus(error: unknown): number | string | null {
  return isFetchError(error) ? error.status : null;
}
