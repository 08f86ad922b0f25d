// JSON calls to the shop's API, as a browser or the admin screens make them.

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  pathAndQuery: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(base + pathAndQuery, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the error message.
  }
  return { status: response.status, body: parsed as T };
}

/** The answer's body when its status is the expected one; else an error naming the call. */
export async function expectStatus<T = Record<string, unknown>>(
  expected: number,
  ...args: Parameters<typeof call>
): Promise<T> {
  const answer = await call<T>(...args);
  if (answer.status !== expected) {
    throw new Error(`${args[1]} ${args[2]} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
  return answer.body;
}

/** The `_id` of the object the answer carries (`{category: {_id}}`, `{product: {_id}}`, …). */
export function idIn(body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record._id === 'string') return record._id;
    for (const value of Object.values(record)) {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const id = idIn(value);
        if (id) return id;
      }
    }
  }
  return '';
}

/** POST /api/user/login → the access token (it lives 15 minutes: sign in again for each part of the run). */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const body = await expectStatus<{ token: string }>(200, base, 'POST', '/api/user/login', {
    json: { email, password },
  });
  return body.token;
}
