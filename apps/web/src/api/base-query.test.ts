import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectAccessToken, selectRefreshToken, setCredentials } from '../session/session-slice.ts';
import { makeStore } from '../store/store.ts';
import { api } from './api.ts';
import { downloadsApi } from './download-file.ts';

/**
 * The browser's side of docs/product.md §4 "Request recovery", against a stand-in for the shop's HTTP answers:
 * the server is outside this browser test, so `fetch` answers like it does (401 for an old access token, a new
 * pair of tokens for the current refresh token once) and records every call.
 */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: string }, string>({ query: (name) => `/api/probe/${name}` }),
  }),
});

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

const NodeRequest = globalThis.Request;

/** A deferred answer, so a test decides when the refresh answers (after both 401s), without timers. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

let seen: Seen[];

/** The shop as far as these tests need it. `refreshAnswer` decides what POST /api/user/auth/refresh answers. */
function standInShop({
  refreshAnswer,
  holdRefreshUntil,
}: {
  refreshAnswer: () => Response;
  holdRefreshUntil?: Promise<void>;
}) {
  let unauthorized = 0;
  const bothRefused = gate();
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: string | Request, init?: RequestInit) {
        const { signal: _signal, ...rest } = init ?? {};
        super(typeof input === 'string' ? new URL(input, 'http://shop.test').href : input, rest);
      }
    },
  );
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const text = input.method === 'GET' ? '' : await input.text();
    const authorization = input.headers.get('authorization');
    seen.push({ method: input.method, path: url.pathname, authorization, body: text ? JSON.parse(text) : undefined });
    if (url.pathname === '/api/user/auth/refresh') {
      await (holdRefreshUntil ?? bothRefused.opened);
      return refreshAnswer();
    }
    if (authorization !== 'Bearer access-new') {
      unauthorized += 1;
      if (unauthorized === 2) bothRefused.open();
      return json(401, { message: 'Not authorized, token failed', code: 'UNAUTHORIZED' });
    }
    if (url.pathname === '/api/report.csv') {
      return new Response('a,b\n1,2\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="sales report.csv"' },
      });
    }
    return json(200, { ok: url.pathname });
  });
  return { bothRefused };
}

function signedInStore() {
  const store = makeStore();
  store.dispatch(
    setCredentials({
      user: {
        _id: 'u1',
        email: 'asha@example.in',
        name: 'Asha',
        phone: '9876543210',
        isAdmin: false,
        isExist: true,
        emailVerified: true,
        hasPassword: true,
        address: [],
        image: [],
      },
      token: 'access-old',
      refreshToken: 'refresh-1',
    }),
  );
  return store;
}

const refreshCalls = () => seen.filter((c) => c.path === '/api/user/auth/refresh');

beforeEach(() => {
  seen = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client renews an expired sign-in once (docs/product.md §4)', () => {
  it('refreshes once for two parallel 401s, then sends both requests again with the new token', async () => {
    standInShop({ refreshAnswer: () => json(200, { accessToken: 'access-new', refreshToken: 'refresh-2' }) });
    const store = signedInStore();

    const [first, second] = await Promise.all([
      store.dispatch(probeApi.endpoints.probe.initiate('first')),
      store.dispatch(probeApi.endpoints.probe.initiate('second')),
    ]);

    expect(refreshCalls()).toHaveLength(1);
    expect(refreshCalls()[0].body).toEqual({ refreshToken: 'refresh-1' });
    expect(first.data).toEqual({ ok: '/api/probe/first' });
    expect(second.data).toEqual({ ok: '/api/probe/second' });
    const retried = seen.filter((c) => c.path.startsWith('/api/probe/') && c.authorization === 'Bearer access-new');
    expect(retried.map((c) => c.path).sort()).toEqual(['/api/probe/first', '/api/probe/second']);
    expect(selectAccessToken(store.getState())).toBe('access-new');
    expect(selectRefreshToken(store.getState())).toBe('refresh-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('signs out when the refresh is refused, and the requests end with their 401', async () => {
    standInShop({ refreshAnswer: () => json(401, { message: 'Session expired', code: 'UNAUTHORIZED' }) });
    const store = signedInStore();

    const [first, second] = await Promise.all([
      store.dispatch(probeApi.endpoints.probe.initiate('first')),
      store.dispatch(probeApi.endpoints.probe.initiate('second')),
    ]);

    expect(refreshCalls()).toHaveLength(1);
    expect(first.error).toMatchObject({ status: 401 });
    expect(second.error).toMatchObject({ status: 401 });
    expect(store.getState().session.userToken).toBeNull();
    expect(store.getState().session.userInfo).toBeNull();
    expect(localStorage.getItem('userToken')).toBeNull();
    expect(seen.filter((c) => c.path.startsWith('/api/probe/'))).toHaveLength(2);
  });

  it('renews the session for a file download the same way and saves the file under the name the shop offers', async () => {
    const saved: { name: string; type: string }[] = [];
    let lastBlob: Blob | null = null;
    URL.createObjectURL = (blob: Blob) => {
      lastBlob = blob;
      return 'blob:report';
    };
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: lastBlob?.type ?? '' });
    });
    standInShop({
      refreshAnswer: () => json(200, { accessToken: 'access-new', refreshToken: 'refresh-2' }),
      holdRefreshUntil: Promise.resolve(),
    });
    const store = signedInStore();

    const name = await store
      .dispatch(downloadsApi.endpoints.downloadFile.initiate({ url: '/api/report.csv', fileName: 'report.csv' }))
      .unwrap();

    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    expect(refreshCalls()).toHaveLength(1);
    expect(seen.filter((c) => c.path === '/api/report.csv').map((c) => c.authorization)).toEqual([
      'Bearer access-old',
      'Bearer access-new',
    ]);
    expect(name).toBe('sales-report.csv');
    expect(saved).toEqual([{ name: 'sales-report.csv', type: 'text/csv' }]);
  });
});
