import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/users.ts';

/**
 * The API document (/api/docs/json) is the contract the web app and any other client read: every operation says
 * what it is for, what it answers (with examples), that its errors are the one ApiError shape, and whether it needs
 * a token. The list of operations comes from the document; whether one needs a token comes from calling it.
 */

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  examples?: unknown[];
  example?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Content {
  [mediaType: string]: { schema?: JsonSchema; examples?: unknown; example?: unknown };
}
interface OperationObject {
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Content };
  responses?: Record<string, { content?: Content }>;
}
interface ApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface Operation {
  method: string;
  path: string;
  op: OperationObject;
}

const BEARER = [{ bearerAuth: [] }];
const ANY_ID = '0b6f4a52-3c1d-4e8f-9a7b-2c5d8e1f3a4b';

describe('the API document', () => {
  let t: TestApp;
  let admin: TestUser;
  let doc: ApiDocument;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isAdmin: true, name: 'Document Admin' });
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    operations = operations.filter(({ path }) => path.startsWith('/api/'));
  }, 120_000);
  afterAll(() => t?.close());

  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    return doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
  };
  const hasExample = (media: Content[string]): boolean => {
    const schema = resolve(media.schema);
    return Boolean(
      media.example ?? media.examples ?? schema?.examples?.length ?? schema?.example ?? media.schema?.examples?.length,
    );
  };
  const name = ({ method, path }: Operation) => `${method} ${path}`;

  it('lists the operations of every module', () => {
    // A module whose routes dropped out of the document would shrink this list and its prefixes.
    const prefixes = new Set(operations.map(({ path }) => path.split('/').slice(0, 3).join('/')));
    for (const prefix of ['/api/user', '/api/products', '/api/category', '/api/orders', '/api/wallet', '/api/contact'])
      expect(prefixes).toContain(prefix);
    expect(operations.length).toBeGreaterThanOrEqual(100);
  });

  it('gives every operation a summary', () => {
    const missing = operations.filter(({ op }) => !op.summary?.trim()).map(name);
    expect(missing).toEqual([]);
  });

  it('describes a success answer of every operation, with a schema and an example', () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const answers = Object.entries(operation.op.responses ?? {}).filter(([status]) => /^[23]/.test(status));
      if (answers.length === 0) problems.push(`${name(operation)}: no 2xx answer`);
      for (const [status, answer] of answers) {
        // A redirect carries no body.
        if (status.startsWith('3')) continue;
        const media = Object.entries(answer.content ?? {});
        if (media.length === 0) problems.push(`${name(operation)} ${status}: no content`);
        for (const [type, content] of media) {
          const schema = resolve(content.schema);
          if (!schema || Object.keys(schema).length === 0)
            problems.push(`${name(operation)} ${status} ${type}: no schema`);
          else if (type === 'application/json' && schema.type === 'object' && !hasExample(content))
            problems.push(`${name(operation)} ${status}: no example`);
          else if (type !== 'application/json' && schema.format !== 'binary')
            problems.push(`${name(operation)} ${status} ${type}: not binary`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes every error answer as the ApiError shape', () => {
    const problems: string[] = [];
    for (const operation of operations) {
      for (const [status, answer] of Object.entries(operation.op.responses ?? {})) {
        if (!/^[45]/.test(status)) continue;
        const ref = answer.content?.['application/json']?.schema?.$ref;
        if (ref !== '#/components/schemas/ApiError') problems.push(`${name(operation)} ${status}: ${ref}`);
      }
      // Every operation can fail on input and on an outage.
      for (const status of ['400', '500', '503']) {
        if (!operation.op.responses?.[status]) problems.push(`${name(operation)}: no ${status}`);
      }
    }
    expect(problems).toEqual([]);
    expect(doc.components?.schemas?.ApiError?.properties).toHaveProperty('code');
  });

  it('gives every JSON request body an example, and every multipart form its fields', () => {
    const problems: string[] = [];
    for (const operation of operations) {
      const content = operation.op.requestBody?.content ?? {};
      const json = content['application/json'];
      const jsonSchema = resolve(json?.schema);
      if (json && Object.keys(jsonSchema?.properties ?? {}).length > 0 && !hasExample(json))
        problems.push(`${name(operation)}: request body without an example`);
      const form = content['multipart/form-data'];
      if (form && Object.keys(resolve(form.schema)?.properties ?? {}).length === 0)
        problems.push(`${name(operation)}: multipart body without fields`);
    }
    expect(problems).toEqual([]);
  });

  it('documents the multipart forms with their file fields as binary', () => {
    const forms = operations.filter(({ op }) => op.requestBody?.content?.['multipart/form-data']);
    expect(forms.map(name)).toEqual(
      expect.arrayContaining(['POST /api/upload/', 'POST /api/user/upload/{id}', 'POST /api/contact/']),
    );
    const fileField = (schema: JsonSchema | undefined) =>
      Object.values(resolve(schema)?.properties ?? {}).some(
        (field) => field.format === 'binary' || resolve(field.items)?.format === 'binary',
      );
    const upload = forms.find((o) => name(o) === 'POST /api/upload/');
    expect(fileField(upload?.op.requestBody?.content?.['multipart/form-data']?.schema)).toBe(true);
  });

  it('documents the bearer scheme exactly on the operations that refuse a request without a token', async () => {
    const problems: string[] = [];
    let n = 0;
    for (const operation of operations) {
      const url = urlOf(operation);
      const json = operation.op.requestBody?.content?.['application/json'];
      const payload = json ? exampleOf(json) : undefined;
      const call = (token?: string) =>
        t.request({
          method: operation.method as 'GET',
          url,
          token,
          ...(payload === undefined ? {} : { payload: payload as object }),
          // Each call from its own address, so the per-address rate limits stay out of the way.
          remoteAddress: `10.13.${(++n >> 8) & 255}.${n & 255}`,
        });
      const anonymous = await call();
      const signedIn = await call(admin.token);
      // A request refused for the missing token, that the same request with a token gets past.
      const needsToken =
        anonymous.statusCode === 401 &&
        anonymous.json().code === 'UNAUTHORIZED' &&
        !(signedIn.statusCode === 401 && signedIn.json().code === 'UNAUTHORIZED');
      const security = operation.op.security;
      const documented = JSON.stringify(security) === JSON.stringify(BEARER);
      if (needsToken !== documented)
        problems.push(
          `${name(operation)}: answers ${anonymous.statusCode} without a token, documents ${JSON.stringify(security)}`,
        );
      if (needsToken && !(operation.op.responses?.['401'] && operation.op.responses?.['403']))
        problems.push(`${name(operation)}: 401/403 not documented`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  /** The operation's path with each parameter filled in: an id, an index, a documented value, or a word. */
  function urlOf({ path, op }: Operation): string {
    const query = (op.parameters ?? [])
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => `${p.name}=${encodeURIComponent(String(exampleValue(p.schema) ?? 'x'))}`);
    const filled = path.replace(/\{(\w+)\}/g, (_match, param: string) => {
      const schema = op.parameters?.find((p) => p.in === 'path' && p.name === param)?.schema;
      if (schema?.type === 'integer' || schema?.type === 'number' || param === 'index') return '0';
      if (schema?.format === 'uuid' || /id$/i.test(param)) return ANY_ID;
      return String(exampleValue(schema) ?? 'bag');
    });
    return query.length > 0 ? `${filled}?${query.join('&')}` : filled;
  }

  function exampleValue(schema: JsonSchema | undefined): unknown {
    const resolved = resolve(schema);
    return resolved?.examples?.[0] ?? resolved?.example ?? resolved?.enum?.[0];
  }

  function exampleOf(media: Content[string]): unknown {
    if (media.example !== undefined) return media.example;
    return exampleValue(media.schema) ?? (resolve(media.schema)?.properties ? {} : undefined);
  }
});
