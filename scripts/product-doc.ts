// `npm run docs:product`: writes the tables of docs/product.md that the code already holds (every text field's
// maximum with its message and every message, from packages/shared; the web app's routes, from its router), between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`,
// keeping the prose around them; `scripts/product-doc.test.ts` fails when the file is stale (decision 058).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.join(root, 'packages/shared/src');
export const PRODUCT_DOC = path.join(root, 'docs/product.md');

const sourceFiles = (dir: string, name: RegExp) =>
  fs
    .readdirSync(dir)
    .filter((file) => name.test(file) && !file.endsWith('.test.ts'))
    .sort();

/** A module's exports by name: Node lists them so, a bundler's module runner in the order they are written. */
const exportsByName = (module: Record<string, unknown>) =>
  Object.entries(module).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)]
    .join('\n')
    .concat('\n');
}

/** The schema inside optional, nullable, default and pipe (a trimmed or transformed text is its input's limit). */
function inner(schema: unknown): unknown {
  let current = schema as { _zod?: { def: { type: string; innerType?: unknown; in?: unknown } } };
  for (let depth = 0; depth < 10 && current?._zod; depth++) {
    const def = current._zod.def;
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) break;
    current = next as typeof current;
  }
  return current;
}

/** The message a text one character over its maximum gets from the field's own schema. */
function tooLongMessage(field: z.ZodType, max: number): string {
  const result = field.safeParse('a'.repeat(max + 1));
  const issue = result.success ? undefined : result.error.issues.find((i) => i.code === 'too_big');
  return issue ? `'${issue.message}'` : '';
}

/** Every text field of every object schema in packages/shared/src/schemas with a maximum, alike fields merged. */
async function textLimits(): Promise<string> {
  const dir = path.join(shared, 'schemas');
  const rows = new Map<string, { field: string; max: number; message: string; where: string[] }>();
  for (const file of sourceFiles(dir, /\.ts$/)) {
    const module: Record<string, unknown> = await import(pathToFileURL(path.join(dir, file)).href);
    for (const [name, value] of exportsByName(module)) {
      const object = inner(value);
      if (!(object instanceof z.ZodObject)) continue;
      for (const [field, schema] of Object.entries(object.shape as Record<string, z.ZodType>)) {
        const text = inner(schema);
        if (!(text instanceof z.ZodString) || text.maxLength === null) continue;
        const message = tooLongMessage(schema, text.maxLength);
        const key = `${field}\u0000${text.maxLength}\u0000${message}`;
        const row = rows.get(key) ?? { field, max: text.maxLength, message, where: [] };
        row.where.push(`${file.replace(/\.ts$/, '')}.${name}`);
        rows.set(key, row);
      }
    }
  }
  const sorted = [...rows.values()].sort((a, b) => a.field.localeCompare(b.field) || a.max - b.max);
  return table(
    ['Field', 'At most (characters)', 'Message when longer', 'Schemas (packages/shared/src/schemas)'],
    sorted.map((r) => [`\`${r.field}\``, String(r.max), cell(r.message), r.where.join(', ')]),
  );
}

/** A message built from values, written with its parameters as `{name}`. */
function templateText(build: (...args: string[]) => unknown): string {
  const params = /^(?:function[^(]*)?\(?([^)=]*)\)?\s*=>|^function[^(]*\(([^)]*)\)/
    .exec(build.toString())
    ?.slice(1)
    .find((p) => p !== undefined);
  const names = (params ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  try {
    const text = build(...names.map((name) => `{${name}}`));
    if (typeof text === 'string' && !/NaN|undefined|\[object/.test(text)) return `'${text}'`;
  } catch {}
  return `a text made from ${names.map((n) => `{${n}}`).join(', ')}`;
}

function messageRows(value: unknown, prefix: string): string[][] {
  if (typeof value === 'string') return [[`\`${prefix}\``, cell(`'${value}'`)]];
  if (typeof value === 'function') return [[`\`${prefix}\``, cell(templateText(value as () => unknown))]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inside]) => messageRows(inside, `${prefix}.${key}`));
  return [];
}

/** Every `…_MSG` object of packages/shared/src, one table per object. */
async function messages(): Promise<string> {
  const parts: string[] = [];
  for (const file of sourceFiles(shared, /(^|-)messages\.ts$/)) {
    const module: Record<string, unknown> = await import(pathToFileURL(path.join(shared, file)).href);
    for (const [name, value] of exportsByName(module)) {
      if (!/(^|_)MSG$/.test(name)) continue;
      parts.push(`**${name}** (packages/shared/src/${file})\n\n${table(['Key', 'Text'], messageRows(value, name))}`);
    }
  }
  return parts.join('\n');
}

type Guard = 'public' | 'signed in' | 'administrator';
let webRoutes: Promise<Array<{ path: string; guard: Guard }>> | undefined;

/**
 * The web app's routes as its router holds them (apps/web/src/app/router.tsx, loaded through Vite as the landing
 * pages' renderer is), each with who may open it; layouts and the not-found pages are left out.
 */
function routesOfRouter(): Promise<Array<{ path: string; guard: Guard }>> {
  webRoutes ??= (async () => {
    const { createServer } = await import('vite');
    const server = await createServer({
      root: path.join(root, 'apps/web'),
      configFile: false,
      appType: 'custom',
      logLevel: 'error',
      server: { middlewareMode: true, hmr: false },
      optimizeDeps: { noDiscovery: true },
    });
    type Route = { path?: string; element?: { type?: { name?: string } }; children?: Route[] };
    const found: Array<{ path: string; guard: Guard }> = [];
    const walk = (routes: Route[], parent: string, guard: Guard) => {
      for (const route of routes) {
        const element = route.element?.type?.name;
        const within: Guard =
          element === 'RequireAuth' ? 'signed in' : element === 'RequireAdmin' ? 'administrator' : guard;
        const at = route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
        if (route.children) walk(route.children, at, within);
        else if (route.path && !route.path.endsWith('*')) found.push({ path: at, guard: within });
      }
    };
    try {
      const { routes } = (await server.ssrLoadModule('/src/app/router.tsx')) as { routes: Route[] };
      walk(routes, '', 'public');
    } finally {
      await server.close();
    }
    return found;
  })();
  return webRoutes;
}

const shownPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

/**
 * A table of the routes one guard lets in, in the router's order. Its purposes are written in the table itself: a
 * route's row keeps its purpose; a route the router gained needs a row written by hand before this passes.
 */
function routeTable(guard: Guard, block: string) {
  return async (_current: string, document: string) => {
    // From every route table, so a route whose guard changed keeps its purpose in its new table.
    const tables = [...document.matchAll(/<!-- generated:routes-[\w-]+ -->([\s\S]*?)<!-- \/generated:/g)];
    const purposes = new Map(
      tables
        .flatMap((match) => match[1].split('\n'))
        .map((line) => /^\| (\/\S*) \| (.*) \|$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => [match[1], match[2]] as const),
    );
    const rows = (await routesOfRouter())
      .filter((route) => route.guard === guard)
      .map((route) => {
        const shown = shownPath(route.path);
        const purpose = purposes.get(shown);
        if (purpose === undefined)
          throw new Error(`docs/product.md: add a row '| ${shown} | … |' for the route to <!-- generated:${block} -->`);
        return [shown, purpose];
      });
    return table(['Route', 'Purpose'], rows);
  };
}

/** The administrator's routes, one list. */
async function adminRoutes(): Promise<string> {
  const routes = (await routesOfRouter()).filter((route) => route.guard === 'administrator');
  return `${routes.map((route) => shownPath(route.path)).join(', ')}\n`;
}

const GENERATORS: Record<string, (current: string, document: string) => Promise<string>> = {
  'routes-public': routeTable('public', 'routes-public'),
  'routes-signed-in': routeTable('signed in', 'routes-signed-in'),
  'routes-admin': adminRoutes,
  messages,
  'text-limits': textLimits,
};

/** The document with every generated block written anew; a marker without its end, or an unknown name, throws. */
export async function regenerate(document: string): Promise<string> {
  let result = document;
  for (const [name, generate] of Object.entries(GENERATORS)) {
    const start = `<!-- generated:${name} -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = result.indexOf(start);
    const to = result.indexOf(end);
    if (from === -1 || to < from) throw new Error(`docs/product.md has no block ${start} … ${end}`);
    const current = result.slice(from + start.length, to);
    result = `${result.slice(0, from + start.length)}\n${await generate(current, document)}${result.slice(to)}`;
  }
  const unknown = [...result.matchAll(/<!-- generated:([\w-]+) -->/g)].find(([, name]) => !(name in GENERATORS));
  if (unknown) throw new Error(`docs/product.md asks for an unknown generated block '${unknown[1]}'`);
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const before = fs.readFileSync(PRODUCT_DOC, 'utf8');
  const after = await regenerate(before);
  fs.writeFileSync(PRODUCT_DOC, after);
  console.log(after === before ? 'docs/product.md was up to date' : 'docs/product.md regenerated');
}
