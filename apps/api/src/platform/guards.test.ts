import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalogue.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/users.ts';

/**
 * Guards run before anything reads the request (docs/decisions/012-bad-input.md, amendment 2026-12-02): a visitor or a
 * shopper sending a wrong body or query to a route not theirs meets 401/403, never the 400 that would describe the
 * route's schema. Every answer behind a guard is `Cache-Control: private, no-store`. The operations and who may call
 * them come from the API document (`x-access`, written from the guard each route runs); the answers from real calls.
 */

interface DocOperation {
  security?: Array<Record<string, string[]>>;
  'x-access'?: 'user' | 'admin' | 'optional';
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content?: Record<string, unknown> };
}

interface Operation {
  method: string;
  path: string;
  access?: DocOperation['x-access'];
  security?: DocOperation['security'];
  params: string[];
  requiredQuery: boolean;
}

const NOT_AN_ID = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const PRIVATE = 'private, no-store';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Requests that validation would refuse: a query parameter no route takes, a body with wrong and unknown fields, broken JSON. */
function badRequests(op: Operation, id: string) {
  const url = op.path.replace(/\{[^}]+\}/g, id);
  const requests: Array<{
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
    bad: string;
  }> = [{ method: op.method, url: `${url}?unexpected=1`, bad: 'unknown query parameter' }];
  if (WRITES.has(op.method)) {
    const json = { 'content-type': 'application/json' };
    requests.push(
      { method: op.method, url, headers: json, payload: '{"unexpected":true,"price":"NaN"}', bad: 'wrong body' },
      { method: op.method, url, headers: json, payload: '{"', bad: 'broken JSON' },
    );
  }
  return requests;
}

describe('guards', () => {
  let t: TestApp;
  let shopper: TestUser;
  let admin: TestUser;
  let operations: Operation[];
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [shopper, admin] = await Promise.all([createUser(t), createUser(t, { isAdmin: true })]);
    productId = (await createProduct(t)).id;
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, DocOperation>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
        security: op.security,
        params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        requiredQuery: (op.parameters ?? []).some((p) => p.in === 'query' && p.required),
      })),
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('documents who may call every operation that asks for a token', () => {
    const undocumented = operations.filter((op) => op.security && !op.access).map((op) => `${op.method} ${op.path}`);
    expect(undocumented).toEqual([]);
    const count = (access: Operation['access']) => operations.filter((op) => op.access === access).length;
    // The walk below is only as good as this list: the shop has dozens of each.
    expect(count('admin')).toBeGreaterThan(40);
    expect(count('user')).toBeGreaterThan(30);
    expect(count('optional')).toBeGreaterThan(0);
  });

  it('refuses a visitor (401) and a shopper at an admin operation (403) before looking at body or query', async () => {
    const failures: string[] = [];
    const check = (answer: LightMyRequestResponse, expected: number, role: string, what: string) => {
      const code = expected === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN';
      if (answer.statusCode !== expected || answer.json().code !== code) {
        failures.push(`${role} ${what}: ${answer.statusCode} ${answer.body.slice(0, 120)}`);
      }
      if (answer.headers['cache-control'] !== PRIVATE) {
        failures.push(`${role} ${what}: cache-control ${answer.headers['cache-control']}`);
      }
    };
    let sent = 0;
    for (const op of operations.filter((o) => o.access === 'admin' || o.access === 'user')) {
      for (const request of badRequests(op, NOT_AN_ID)) {
        const what = `${request.method} ${request.url} (${request.bad})`;
        check(await t.request(request), 401, 'visitor', what);
        sent += 1;
        if (op.access === 'admin') {
          check(await t.request({ ...request, token: shopper.token }), 403, 'shopper', what);
          sent += 1;
        }
      }
    }
    expect(failures.slice(0, 30), `${failures.length} failures of ${sent} requests`).toEqual([]);
  }, 120_000);

  it('marks every answer of a guarded operation private, whatever its status', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.access === 'admin' || o.access === 'user')) {
      const token = op.access === 'admin' ? admin.token : shopper.token;
      const requests = [...badRequests(op, NOT_AN_ID)];
      // A plain call where one can be made without knowing the route: lists, reports, downloads, the account.
      if (op.method === 'GET' && op.params.length === 0 && !op.requiredQuery) {
        requests.push({ method: 'GET', url: op.path, bad: 'plain call' });
      }
      for (const request of requests) {
        const answer = await t.request({ ...request, token });
        if (answer.headers['cache-control'] !== PRIVATE) {
          failures.push(
            `${op.access} ${request.method} ${request.url} (${request.bad}): ${answer.statusCode}, cache-control ${answer.headers['cache-control']}`,
          );
        }
      }
    }
    expect(failures.slice(0, 30), `${failures.length} failures`).toEqual([]);
  }, 120_000);

  it("keeps an optional sign-in's public answers cacheable for visitors and private for a signed-in shopper", async () => {
    const optional = operations.filter((op) => op.access === 'optional');
    for (const op of optional) {
      const url = op.path.replace(/\{[^}]+\}/g, productId);
      const visitor = await t.request({ method: op.method, url });
      expect(visitor.statusCode, `${op.method} ${url}`).toBe(200);
      expect(visitor.headers['cache-control']).toBe('no-cache');
      const etag = visitor.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await t.request({ method: op.method, url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);

      const signedIn = await t.request({ method: op.method, url, token: shopper.token });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['cache-control']).toBe(PRIVATE);
      const refused = await t.request({ method: op.method, url: `${url}?unexpected=1`, token: shopper.token });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['cache-control']).toBe(PRIVATE);
    }
  });
});
