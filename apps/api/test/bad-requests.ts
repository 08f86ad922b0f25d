import fc from 'fast-check';

/**
 * Requests that are wrong in at least one way, built from the OpenAPI document (and, for the multipart routes the
 * document does not describe, from a description of their forms). Everything else in a request looks valid, so the
 * bad part is what the shop has to notice; every one of them must be answered 4xx and change nothing.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. /api/products/{id}. */
  path: string;
  params: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  form?: FormSpec;
}

/** A multipart form: its text fields with a valid value and values that must be refused, and its file field. */
export interface FormSpec {
  fields: Record<string, { valid: string; bad: string[] }>;
  file?: string;
  /** The route also takes the same fields as a JSON object. */
  json?: boolean;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What is wrong with it, for the failure report. */
  bad: string;
}

/** Valid-looking values for the ids a request names, and a small real image. */
export interface FuzzContext {
  idFor(name: string, path: string): string;
  image: Buffer;
}

/** The operations of an OpenAPI 3 document, with their JSON body schema. */
export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      operations.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

// The valid values that a field of this name takes, so that requests get past the fields they do not break.
const KNOWN_VALUES: Record<string, unknown> = {
  name: 'Asha Rao',
  email: 'asha@fuzz.example',
  phone: '9876543210',
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
  currentPassword: 'Secret@123',
  newPassword: 'Newer@1234',
  otp: '123456',
  resetToken: 'a'.repeat(43),
  refreshToken: 'a'.repeat(43),
  referCode: 'ABCDEFGH',
  houseName: 'Lake View',
  town: 'Bengaluru',
  street: 'MG Road',
  zipcode: '560001',
  state: 'Karnataka',
  country: 'IN',
  description: 'A sturdy bag',
  size: '30Lx12Bx40Hcm',
  brand: 'Wildcraft',
  code: 'FUZZ10',
  message: 'Hello there',
  comment: 'A fine bag',
  cancelReason: 'Changed my mind',
  returnReason: 'Too small',
  reason: 'Not as described',
  razorpay_order_id: 'order_fuzz',
  razorpay_payment_id: 'pay_fuzz',
  razorpay_signature: 'f'.repeat(64),
  activation: '2030-01-01T00:00:00.000Z',
  expiry: '2030-02-01T00:00:00.000Z',
  startDate: '2026-11-01',
  endDate: '2026-11-20',
  keyword: 'bag',
  search: 'bag',
  searchTerm: 'ORD',
  redirect: '/shop',
  discount: 10,
  minAmount: 500,
  maxAmount: 100,
  limit: 10,
  price: 999,
  quantity: 5,
  qty: 1,
  rating: 4,
  amount: 100,
};

const DATE_FIELDS = new Set(['activation', 'expiry', 'startDate', 'endDate']);

/** Text that is not an id, for body and query fields. */
const BAD_IDS: unknown[] = [
  'abc',
  ' ',
  '1',
  -1,
  1.5,
  true,
  {},
  [],
  '00000000-0000-0000-0000-00000000000g',
  'x'.repeat(5000),
  "' or '1'='1",
  '\u0000',
];
/** Path segments (already encoded) that are not ids, or ids of nothing. */
const BAD_PATH_IDS = [
  'abc',
  '1',
  '-1',
  '%00',
  'a%00b',
  'x'.repeat(101),
  'x'.repeat(5000),
  '%E0%A4%A',
  '%F0%9F%98%80',
  "'%20or%20'1'%3D'1",
  '00000000-0000-0000-0000-00000000000g',
  '%20',
];
const BAD_INDEXES = ['abc', '-1', '1e400', '99999999999999999999', '1.5', '%00', 'NaN', 'Infinity', '9'.repeat(300)];
const BAD_DATES: unknown[] = [
  '2026-02-30',
  '2026-02-30T10:00:00.000Z',
  '2026-04-31',
  '0000-01-01',
  '0000-01-01T00:00:00.000Z',
  '-001000-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '2026-13-01',
  'NaN',
  'Invalid Date',
  'tomorrow',
  '1',
  '2026-11-24'.repeat(10),
  0,
  Number.POSITIVE_INFINITY,
  {},
  [],
  true,
];
/** Numbers no field of the shop takes: every amount, count and page is at least 0 and bounded. */
const BAD_NUMBERS: unknown[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -1,
  1e308,
  2 ** 64,
  'abc',
  '',
  ' ',
  {},
  [],
  [1],
];
const BAD_PAGES = ['0', '-1', '1.5', '1e400', 'NaN', 'Infinity', 'abc', '', '99999999999999999999', '1e6', '0x'];
const UNKNOWN_KEYS = ['isAdmin', 'userId', 'pricePaise', 'zzz', 'constructor', 'a b'];
// JSON.stringify writes Infinity as null: this marker becomes a literal 1e400 (which JSON.parse reads as Infinity).
const HUGE = '__fuzz_1e400__';

/** The type a schema describes, ignoring a null alternative. */
function typeOf(schema: JsonSchema): string | undefined {
  if (schema.anyOf || schema.oneOf) {
    const option = (schema.anyOf ?? schema.oneOf ?? []).find((s) => typeOf(s) !== 'null');
    return option ? typeOf(option) : undefined;
  }
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  return schema.type;
}

function isId(schema: JsonSchema, name: string): boolean {
  return schema.format === 'uuid' || /(^id$|Id$)/.test(name);
}

type Gen = fc.GeneratorValue;

function validValue(g: Gen, schema: JsonSchema, name: string, path: string, ctx: FuzzContext): unknown {
  if (schema.enum) return g(fc.constantFrom, ...schema.enum);
  if (schema.const !== undefined) return schema.const;
  const type = typeOf(schema);
  if (type === 'array') return [];
  if (type === 'object') return validObject(g, schema, path, ctx);
  if (isId(schema, name) && type !== 'number') return ctx.idFor(name, path);
  if (name in KNOWN_VALUES) return KNOWN_VALUES[name];
  if (type === 'integer' || type === 'number') {
    return g(fc.integer, { min: Math.max(schema.minimum ?? 1, 1), max: Math.min(schema.maximum ?? 100, 100) });
  }
  if (type === 'boolean') return g(fc.boolean);
  return 'fuzz';
}

function validObject(g: Gen, schema: JsonSchema, path: string, ctx: FuzzContext): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    value[key] = validValue(g, property, key, path, ctx);
  }
  return value;
}

/** A value whose JSON type the schema does not allow (numbers and booleans may arrive as text, so not those). */
function wrongType(g: Gen, schema: JsonSchema, name: string): unknown {
  const type = typeOf(schema);
  if (DATE_FIELDS.has(name)) return g(fc.constantFrom, 5, true, {}, [], [2026, 1, 1]);
  if (type === 'string') return g(fc.constantFrom, 5, true, {}, [], ['a'], { a: 'b' });
  if (type === 'integer' || type === 'number') return g(fc.constantFrom, 'abc', true, {}, [], ['1'], { n: 1 });
  if (type === 'boolean') return g(fc.constantFrom, 'yes', 1, {}, [], [true], null);
  if (type === 'array') return g(fc.constantFrom, 5, true, {}, 'a');
  return g(fc.constantFrom, 5, 'a', true, []);
}

const withNul = (g: Gen, text: string) => {
  const at = g(fc.integer, { min: 0, max: text.length });
  return `${text.slice(0, at)}\u0000${text.slice(at)}`;
};

const longerThan = (g: Gen, max: number) => 'x'.repeat(g(fc.constantFrom, max + 1, max * 2 + 7, 70_000));

const MEANINGFUL = new Set(['wrongType', 'tooLong', 'badId', 'badDate', 'badNumber']);

type BodyMutation = (g: Gen, body: Record<string, unknown>, schema: JsonSchema) => { text: string; bad: string };

const json = (value: unknown) => JSON.stringify(value).replaceAll(`"${HUGE}"`, '1e400');

function pickProperty(g: Gen, schema: JsonSchema, fits: (s: JsonSchema, name: string) => boolean) {
  const names = Object.entries(schema.properties ?? {})
    .filter(([name, s]) => fits(s, name))
    .map(([name]) => name);
  return names.length > 0 ? (g(fc.constantFrom, ...names) as string) : null;
}

/** The ways a JSON body can be wrong, each applicable to the schema or not (null). */
function bodyMutations(schema: JsonSchema): Record<string, BodyMutation | null> {
  const has = (fits: (s: JsonSchema, name: string) => boolean) =>
    Object.entries(schema.properties ?? {}).some(([name, s]) => fits(s, name));
  const isText = (s: JsonSchema, name: string) => typeOf(s) === 'string' || DATE_FIELDS.has(name);
  const isNumber = (s: JsonSchema) => typeOf(s) === 'number' || typeOf(s) === 'integer';
  const typed = (s: JsonSchema, name: string) => typeOf(s) !== undefined || DATE_FIELDS.has(name);
  return {
    notAnObject: (g, body) => {
      const text = g(fc.constantFrom, 'null', '[]', '"text"', '42', 'true', json([body]), '[{}]');
      return { text, bad: `body ${text.slice(0, 40)}` };
    },
    unknownField: (g, body) => {
      const key = g(fc.constantFrom, ...UNKNOWN_KEYS);
      return {
        text: json({ ...body, [key]: g(fc.constantFrom, true, 1, 'x', { isAdmin: true }) }),
        bad: `field ${key}`,
      };
    },
    protoField: (_g, body) => ({
      text: `{"__proto__":{"isAdmin":true},${json(body).slice(1)}`.replace(',}', '}'),
      bad: '__proto__',
    }),
    wrongType: has(typed)
      ? (g, body) => {
          const key = pickProperty(g, schema, typed) as string;
          const value = wrongType(g, schema.properties?.[key] ?? {}, key);
          return { text: json({ ...body, [key]: value }), bad: `${key} = ${json(value)}` };
        }
      : null,
    missingRequired: schema.required?.length
      ? (g, body) => {
          const key = g(fc.constantFrom, ...(schema.required ?? [])) as string;
          const { [key]: _gone, ...rest } = body;
          return { text: json(rest), bad: `no ${key}` };
        }
      : null,
    nulInText: (g, body) => {
      const key = pickProperty(g, schema, isText);
      if (!key) return { text: json({ ...body, [withNul(g, 'key')]: 'x' }), bad: 'NUL in a field name' };
      const current = body[key];
      return {
        text: json({ ...body, [key]: withNul(g, typeof current === 'string' ? current : 'text') }),
        bad: `NUL in ${key}`,
      };
    },
    tooLong: has((s, name) => typeof s.maxLength === 'number' || DATE_FIELDS.has(name))
      ? (g, body) => {
          const key = pickProperty(g, schema, (s, name) => typeof s.maxLength === 'number' || DATE_FIELDS.has(name));
          const name = key as string;
          const value = longerThan(g, schema.properties?.[name]?.maxLength ?? 40);
          return { text: json({ ...body, [name]: value }), bad: `${name} of ${value.length} characters` };
        }
      : null,
    badId: has((s, name) => isId(s, name) && typeOf(s) === 'string')
      ? (g, body) => {
          const key = pickProperty(g, schema, (s, name) => isId(s, name) && typeOf(s) === 'string') as string;
          const value = g(fc.constantFrom, ...BAD_IDS);
          return { text: json({ ...body, [key]: value }), bad: `${key} = ${json(value).slice(0, 40)}` };
        }
      : null,
    badDate: has((_s, name) => DATE_FIELDS.has(name))
      ? (g, body) => {
          const key = pickProperty(g, schema, (_s, name) => DATE_FIELDS.has(name)) as string;
          const value = g(fc.constantFrom, ...BAD_DATES);
          const written = value === Number.POSITIVE_INFINITY ? HUGE : value;
          return { text: json({ ...body, [key]: written }), bad: `${key} = ${json(written)}` };
        }
      : null,
    badNumber: has(isNumber)
      ? (g, body) => {
          const key = pickProperty(g, schema, isNumber) as string;
          const value = g(fc.constantFrom, ...BAD_NUMBERS);
          const written =
            value === Number.POSITIVE_INFINITY ? HUGE : value === Number.NEGATIVE_INFINITY ? `-${HUGE}` : value;
          const text = json({ ...body, [key]: written }).replace(`"-${HUGE}"`, '-1e400');
          return { text, bad: `${key} = ${String(value)}` };
        }
      : null,
    brokenJson: (g, body) => {
      const whole = json(body);
      const text = g(fc.constantFrom, whole.slice(0, Math.max(1, whole.length - 1)), `${whole},`, "{'a':1}", '{"a":}');
      return { text, bad: `broken JSON ${text.slice(0, 40)}` };
    },
  };
}

/** A bad JSON-bodied, query or path request for one operation. */
export function badRequest(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc.gen().map((g) => {
    const pathValues: Record<string, string> = {};
    const query: Array<[string, string]> = [];
    for (const p of op.params) {
      if (p.in === 'path') {
        pathValues[p.name] = encodeURIComponent(String(validValue(g, p.schema, p.name, op.path, ctx)));
      } else if (p.in === 'query' && (p.required || g(fc.boolean))) {
        const value = validValue(g, p.schema, p.name, op.path, ctx);
        if (!Array.isArray(value)) query.push([p.name, String(value)]);
        if (p.name === 'filter' && value === 'custom') {
          query.push(['startDate', '2026-11-01'], ['endDate', '2026-11-20']);
        }
      }
    }
    const body = op.body ? validObject(g, op.body, op.path, ctx) : undefined;
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined = body === undefined ? undefined : json(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    let bad = '';

    const queryParams = op.params.filter((p) => p.in === 'query');
    const pathParams = op.params.filter((p) => p.in === 'path');
    // Values that pass the shape checks but not the meaning (ids, dates, numbers, pages) reach the services, so
    // they come three times as often as the mistakes that every route refuses the same way.
    const kinds = ['unknownQuery', 'nulInQuery'];
    if (queryParams.length > 0) kinds.push('badQueryValue', 'badQueryValue', 'badQueryValue', 'repeatedQuery');
    if (pathParams.length > 0) kinds.push('badPath', 'badPath', 'badPath', 'nulInPath');
    const mutations = op.body ? bodyMutations(op.body) : {};
    for (const [name, mutation] of Object.entries(mutations)) {
      if (mutation) kinds.push(...Array(MEANINGFUL.has(name) ? 3 : 1).fill(name));
    }
    if (op.body) kinds.push('wrongContentType', 'emptyJson', 'hugeBody');
    const kind = g(fc.constantFrom, ...kinds) as string;

    if (kind === 'unknownQuery') {
      const key = g(fc.constantFrom, ...UNKNOWN_KEYS, 'page ', '__proto__');
      query.push([key, 'x']);
      bad = `query ${key}`;
    } else if (kind === 'nulInQuery') {
      const key = queryParams.length > 0 ? g(fc.constantFrom, ...queryParams.map((p) => p.name)) : 'q';
      query.push([key, withNul(g, 'bag')]);
      bad = `NUL in query ${key}`;
    } else if (kind === 'repeatedQuery') {
      const p = g(fc.constantFrom, ...queryParams) as Parameter;
      if (typeOf(p.schema) === 'array') {
        query.push([p.name, 'zzz'], [p.name, 'zzz']);
      } else {
        const value = String(validValue(g, p.schema, p.name, op.path, ctx));
        query.push([p.name, value], [p.name, value]);
      }
      bad = `${p.name} twice`;
    } else if (kind === 'badQueryValue') {
      const p = g(fc.constantFrom, ...queryParams) as Parameter;
      const type = typeOf(p.schema);
      const itemSchema = type === 'array' ? (p.schema.items ?? {}) : p.schema;
      let value: string;
      if (p.name === 'page') value = g(fc.constantFrom, ...BAD_PAGES);
      else if (DATE_FIELDS.has(p.name))
        value = String(g(fc.constantFrom, ...BAD_DATES.filter((d) => d !== Number.POSITIVE_INFINITY)));
      else if (itemSchema.enum) value = g(fc.constantFrom, 'zzz', 'ALL', 'null');
      else if (isId(itemSchema, p.name)) value = String(g(fc.constantFrom, ...BAD_IDS.slice(0, 3), 'abc', '1'));
      else if (typeOf(itemSchema) === 'number' || typeOf(itemSchema) === 'integer') {
        value = g(fc.constantFrom, '-1', 'NaN', '1e400', 'Infinity', 'abc', '1e308');
      } else value = longerThan(g, itemSchema.maxLength ?? 1000);
      if (p.name === 'startDate' || p.name === 'endDate') query.push(['filter', 'custom']);
      query.push([p.name, value]);
      bad = `${p.name} = ${value.slice(0, 40)}`;
    } else if (kind === 'badPath' || kind === 'nulInPath') {
      const p = g(fc.constantFrom, ...pathParams) as Parameter;
      let value: string;
      if (kind === 'nulInPath') value = `${pathValues[p.name]}%00`;
      else if (p.name === 'index') value = g(fc.constantFrom, ...BAD_INDEXES);
      else if (p.schema.enum) value = g(fc.constantFrom, 'zzz', 'RAZORPAY');
      else if (!isId(p.schema, p.name)) value = encodeURIComponent(longerThan(g, p.schema.maxLength ?? 100));
      else value = g(fc.constantFrom, ...BAD_PATH_IDS, g(fc.uuid), `${g(fc.uuid)}x`);
      pathValues[p.name] = value;
      bad = `path ${p.name} = ${value.slice(0, 40)}`;
    } else if (kind === 'wrongContentType') {
      headers['content-type'] = g(
        fc.constantFrom,
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
      );
      bad = `content-type ${headers['content-type']}`;
    } else if (kind === 'emptyJson') {
      payload = '';
      bad = 'empty JSON body';
    } else if (kind === 'hugeBody') {
      payload = json({ ...body, pad: 'x'.repeat(1024 * 1024 + 10) });
      bad = 'body over the size limit';
    } else {
      const mutate = mutations[kind] as BodyMutation;
      const result = mutate(g, body ?? {}, op.body ?? {});
      payload = result.text;
      bad = result.bad;
    }

    const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathValues[name] ?? 'x');
    const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    return { method: op.method, url: search ? `${url}?${search}` : url, headers, payload, bad: `${kind}: ${bad}` };
  });
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
  /** A Content-Disposition without a name. */
  nameless?: boolean;
}

export function multipart(
  parts: FormPart[],
  boundary: string,
  options: { close?: boolean; cut?: number } = {},
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const head = [
      `--${boundary}`,
      `Content-Disposition: form-data${part.nameless ? '' : `; name="${part.name}"`}${filename}`,
      ...(part.contentType ? [`Content-Type: ${part.contentType}`] : []),
      '',
      '',
    ].join('\r\n');
    chunks.push(
      Buffer.from(head, 'utf8'),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return options.cut === undefined ? body : body.subarray(0, options.cut);
}

/** The largest file a form takes (MAX_IMAGE_BYTES) and the multipart plugin's file and field counts. */
export interface FormLimits {
  fileBytes: number;
  files: number;
  fields: number;
}

/** A bad multipart (or, where the route also takes JSON, bad JSON) request for a form route. */
export function badFormRequest(op: Operation, ctx: FuzzContext, limits: FormLimits): fc.Arbitrary<FuzzRequest> {
  const form = op.form as FormSpec;
  return fc.gen().map((g) => {
    const pathValues: Record<string, string> = {};
    for (const p of op.params) pathValues[p.name] = encodeURIComponent(ctx.idFor(p.name, op.path));
    const fields = Object.entries(form.fields).map(([name, spec]) => ({ name, value: spec.valid }) as FormPart);
    const file = (value: Buffer = ctx.image, filename = 'bag.png'): FormPart => ({
      name: form.file ?? 'file',
      value,
      filename,
      contentType: 'image/png',
    });
    let parts: FormPart[] = [...fields, ...(form.file ? [file()] : [])];
    const boundary = `----fuzz${g(fc.integer, { min: 1000, max: 9999 })}`;
    let contentType = `multipart/form-data; boundary=${boundary}`;
    let options: { close?: boolean; cut?: number } = {};
    let payload: Buffer | string | undefined;
    const kinds = [
      'badBoundary',
      'noBoundary',
      'noClosingBoundary',
      'truncated',
      'tooManyFiles',
      'tooManyFields',
      'nulInFieldName',
      'unknownField',
      'emptyForm',
      'namelessPart',
      'fileForText',
      'jsonNotAnObject',
    ];
    const fieldNames = Object.keys(form.fields);
    if (fieldNames.length > 0) kinds.push('badFieldValue', 'badFieldValue', 'nulInFieldValue', 'tooLongField');
    if (form.file) kinds.push('fileTooLarge', 'textForFile', 'nulInFileName', 'notAnImage', 'jsonInsteadOfForm');
    if (op.params.length > 0) kinds.push('badPath');
    const kind = g(fc.constantFrom, ...kinds) as string;
    let bad = '';

    switch (kind) {
      case 'badBoundary':
        contentType = `multipart/form-data; boundary=${boundary}x`;
        break;
      case 'noBoundary':
        contentType = g(fc.constantFrom, 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed');
        bad = `content-type ${contentType}`;
        break;
      case 'noClosingBoundary':
        options = { close: false };
        break;
      case 'truncated': {
        const whole = multipart(parts, boundary).length;
        options = { cut: g(fc.integer, { min: 1, max: whole - 10 }) };
        bad = `cut at ${options.cut} of ${whole} bytes`;
        break;
      }
      case 'tooManyFiles':
        parts = [...fields, ...Array.from({ length: limits.files + 1 }, () => file())];
        break;
      case 'tooManyFields':
        parts = [...fields, ...Array.from({ length: limits.fields + 1 }, (_v, i) => ({ name: `f${i}`, value: 'x' }))];
        break;
      case 'fileTooLarge':
        parts = [...fields, file(Buffer.concat([ctx.image, Buffer.alloc(limits.fileBytes + 1 - ctx.image.length)]))];
        break;
      case 'textForFile':
        parts = [...fields, { name: form.file as string, value: 'not a file' }];
        break;
      case 'fileForText': {
        const name = fieldNames.length > 0 ? (g(fc.constantFrom, ...fieldNames) as string) : 'note';
        parts = [...parts.filter((p) => p.name !== name), { name, value: 'hello', filename: 'note.txt' }];
        bad = name;
        break;
      }
      case 'nulInFieldValue': {
        const name = g(fc.constantFrom, ...fieldNames) as string;
        parts = parts.map((p) => (p.name === name ? { ...p, value: withNul(g, String(p.value)) } : p));
        bad = name;
        break;
      }
      case 'nulInFieldName':
        parts = [...parts, { name: 'no\u0000te', value: 'x' }];
        break;
      case 'nulInFileName':
        parts = [...fields, file(ctx.image, g(fc.constantFrom, 'bag\u0000.png', '\u0000', 'bag.png\u0000.exe'))];
        break;
      case 'tooLongField': {
        const name = g(fc.constantFrom, ...fieldNames) as string;
        parts = parts.map((p) =>
          p.name === name ? { ...p, value: 'x'.repeat(g(fc.constantFrom, 5000, 1_100_000)) } : p,
        );
        bad = name;
        break;
      }
      case 'badFieldValue': {
        const name = g(fc.constantFrom, ...fieldNames.filter((n) => form.fields[n].bad.length > 0)) as string;
        const value = g(fc.constantFrom, ...form.fields[name].bad) as string;
        parts = parts.map((p) => (p.name === name ? { ...p, value } : p));
        bad = `${name} = ${value.slice(0, 40)}`;
        break;
      }
      case 'unknownField':
        parts = [...parts, { name: g(fc.constantFrom, ...UNKNOWN_KEYS, '__proto__'), value: 'true' }];
        break;
      case 'emptyForm':
        payload = '';
        break;
      case 'namelessPart':
        parts = [...parts, { name: '', value: 'x', nameless: true }];
        break;
      case 'notAnImage':
        parts = [...fields, file(Buffer.from(g(fc.constantFrom, 'GIF89a', '\u0089PNG\r\n', 'hello', '<svg/>')))];
        break;
      case 'jsonInsteadOfForm':
      case 'jsonNotAnObject': {
        const body = Object.fromEntries(fieldNames.map((n) => [n, form.fields[n].valid]));
        contentType = 'application/json';
        payload =
          kind === 'jsonInsteadOfForm' || !form.json
            ? JSON.stringify(body)
            : g(fc.constantFrom, 'null', '[]', JSON.stringify([body]), JSON.stringify({ ...body, isAdmin: true }));
        if (kind === 'jsonNotAnObject' && form.json && g(fc.boolean)) {
          const name = g(fc.constantFrom, ...fieldNames) as string;
          payload = JSON.stringify({
            ...body,
            [name]: g(fc.constantFrom, withNul(g, 'text'), 5, null, 'x'.repeat(5000)),
          });
        }
        if (kind === 'jsonNotAnObject' && !form.json) payload = 'null';
        bad = String(payload).slice(0, 60);
        break;
      }
      case 'badPath': {
        const p = g(fc.constantFrom, ...op.params) as Parameter;
        pathValues[p.name] = g(fc.constantFrom, ...BAD_PATH_IDS, g(fc.uuid));
        bad = `path ${p.name} = ${pathValues[p.name].slice(0, 40)}`;
        break;
      }
    }
    payload ??= multipart(parts, boundary, options);
    const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathValues[name] ?? 'x');
    return { method: op.method, url, headers: { 'content-type': contentType }, payload, bad: `${kind}: ${bad}` };
  });
}
