import { OTP_RESEND_SECONDS } from '@bagshop/shared/limits';
import type { AuthPayload } from '@bagshop/shared/types';
import { cleanup } from '@testing-library/react';
import pg from 'pg';
import { afterEach, beforeEach, inject, vi } from 'vitest';
import { setCredentials } from '../session/session-slice.ts';
import { makeStore } from '../store/store.ts';

/** A call the page made to the shop, with the shop's answer. */
export interface SeenCall {
  method: string;
  path: string;
  search: URLSearchParams;
  /** The JSON the page sent (undefined for none; text when not JSON, e.g. multipart). */
  body: unknown;
  status: number;
  /** The JSON the shop answered. */
  answer: unknown;
}

export const apiBaseUrl = () => inject('apiBaseUrl');

// Node's own, kept before any test replaces the globals: direct calls are not the page's calls.
const nodeFetch = globalThis.fetch;
const NodeRequest = globalThis.Request;

/**
 * Sends the page's calls to the real shop started for this run. In the browser '/api/…' resolves against the
 * page; Node's Request needs an absolute URL and rejects jsdom's AbortSignal, so only those two are adapted.
 * Every call and answer is recorded for the test to look at; `calls` starts empty in each test.
 */
export function withRealServer() {
  const calls: SeenCall[] = [];
  let currentTest = 0;
  beforeEach(async () => {
    await renewAdminWhenOld();
    calls.length = 0;
    const thisTest = ++currentTest;
    const base = apiBaseUrl();
    vi.stubGlobal(
      'Request',
      class extends NodeRequest {
        constructor(input: string | Request, init?: RequestInit) {
          const { signal: _signal, ...rest } = init ?? {};
          super(typeof input === 'string' ? new URL(input, base).href : input, rest);
        }
      },
    );
    vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof NodeRequest && !init ? input : new Request(input, init);
      const sent = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
      const response = await nodeFetch(request);
      const url = new URL(request.url);
      const answer = parsed(await response.clone().text());
      // A call the previous test started may be answered after this one began: it is not this test's call.
      if (thisTest !== currentTest) return response;
      calls.push({
        method: request.method,
        path: url.pathname,
        search: url.searchParams,
        body: parsed(sent),
        status: response.status,
        answer,
      });
      return response;
    });
  });
  afterEach(() => {
    // The screen goes first: a query it would start while unmounting must still reach the shop, not a bare fetch
    // that cannot resolve '/api/…'.
    cleanup();
    vi.unstubAllGlobals();
  });
  return {
    calls,
    /** The latest call to `path` (and method), or fails. */
    last(path: string, method = 'GET'): SeenCall {
      const call = calls.filter((c) => c.path === path && c.method === method).at(-1);
      if (!call) throw new Error(`The page made no ${method} ${path} call; it made: ${describe(calls)}`);
      return call;
    },
  };
}

function parsed(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const describe = (calls: SeenCall[]) => calls.map((c) => `${c.method} ${c.path}`).join(', ') || 'none';

/** Calls the real shop directly (not through the page), as `token`'s user; fails on an unexpected status. */
export async function callApi<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: Multipart; expect?: number } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    headers['content-type'] = `multipart/form-data; boundary=${options.form.boundary}`;
    body = options.form.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await nodeFetch(`${apiBaseUrl()}${path}`, { method, headers, body });
  const text = await response.text();
  const expected = options.expect ?? (response.ok ? response.status : 200);
  if (response.status !== expected) {
    throw new Error(`${method} ${path} answered ${response.status} (expected ${expected}): ${text}`);
  }
  return parsed(text) as T;
}

export interface Multipart {
  boundary: string;
  body: Uint8Array<ArrayBuffer>;
}

/** A multipart body written out by hand: jsdom's FormData and Blob do not reach Node's fetch intact. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; data: Buffer }[],
) {
  const boundary = `----bagshop${crypto.randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, body: new Uint8Array(Buffer.concat(parts)) };
}

/** Signs in through the real POST /api/user/login (rate limited: once per file is plenty). */
export function signIn(email: string, password: string): Promise<AuthPayload> {
  return callApi<AuthPayload>('POST', '/api/user/login', { body: { email, password } });
}

/** The demo admin's session of this file, once the run's own is near its end (`withRealServer` renews it). */
let renewedAdmin: AuthPayload | null = null;

/** The demo admin, signed in once for the whole run, and again in a file that runs when that access token is old. */
export const adminSession = (): AuthPayload => renewedAdmin ?? inject('adminSession');

/** Whether an access token ends within `ms` (its `exp`, read without checking: it is ours and only read here). */
function endsWithin(token: string, ms: number): boolean {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}') as {
    exp?: number;
  };
  return (payload.exp ?? 0) * 1000 - Date.now() < ms;
}

/**
 * A run longer than an access token lives (15 minutes, on a busy machine) must not leave later files signed out.
 * Called before each test by `withRealServer`, and before each file's own `beforeAll` by the page tests' setup.
 */
export async function renewAdminWhenOld(): Promise<void> {
  if (!endsWithin(adminSession().token, 5 * 60_000)) return;
  const { email, password } = adminSignIn();
  renewedAdmin = await signIn(email, password);
}
/** The demo admin's email and (random) password, for a test that needs a sign-in of its own. */
export const adminSignIn = (): { email: string; password: string } => inject('adminSignIn');
export const adminToken = (): string => adminSession().token;

/** Stores the session as a sign-in does, so the next rendered screen starts signed in. */
export function rememberSession(session: AuthPayload) {
  makeStore().dispatch(setCredentials(session));
}

/** Letters only, for names the shop accepts (letters and spaces) that no other test uses. */
export function uniqueWord(length = 10): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const word = Array.from(crypto.getRandomValues(new Uint8Array(length)), (n) => letters[n % 26]).join('');
  return `Q${word}`;
}

/**
 * A new shopper, registered through the real API: POST /register, the code from the development outbox,
 * POST /verify-otp. Each test file gets its own, so carts and wishlists never meet.
 */
export async function registerShopper(): Promise<AuthPayload> {
  const email = `${uniqueWord().toLowerCase()}@example.in`;
  const password = 'Tester@2468';
  await callApi('POST', '/api/user/register', {
    body: { name: 'Test Shopper', email, phone: '9876543210', password, confirmPassword: password },
    expect: 201,
  });
  const { messages } = await callApi<{ messages: { to: string; text: string }[] }>('GET', '/dev/mailbox/messages');
  const code = messages.find((m) => m.to === email)?.text.match(/is: (\d{6})/)?.[1];
  if (!code) throw new Error(`No registration code was mailed to ${email}`);
  return callApi<AuthPayload>('POST', '/api/user/verify-otp', { body: { email, otp: code } });
}

/**
 * Moves the last sending of `email`'s registration code back past the resend wait, as the clock would: the shop
 * then sends a new code at once.
 */
export async function pastRegistrationResendWait(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    await client.query(
      "update otps set sent_at = sent_at - make_interval(secs => $2) where email = $1 and purpose = 'register'",
      [email, OTP_RESEND_SECONDS.register + 1],
    );
  } finally {
    await client.end();
  }
}
