import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body: unknown };

/**
 * Answers the web app's calls inside jsdom, where there is no shop server: `answer` sees each call and
 * returns a status and JSON body. Returns the calls made. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeServer(answer: (call: FakeCall) => Answer) {
  const calls: FakeCall[] = [];
  // Node's Request needs an absolute URL (the browser resolves '/api/…' against the page) and its own AbortSignal.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: string | Request, init?: RequestInit) {
        const { signal: _signal, ...rest } = init ?? {};
        super(typeof input === 'string' ? new URL(input, 'http://localhost').href : input, rest);
      }
    },
  );
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // multipart or plain text stays as it came
    }
    const call = { method: request.method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const { status = 200, body: reply } = answer(call);
    return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}
