// `npm run docs:product`: writes the tables of docs/product.md that packages/shared already holds (every text
// field's maximum with its message, every message), between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`,
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

const GENERATORS: Record<string, () => Promise<string>> = { 'text-limits': textLimits, messages };

/** The document with every generated block written anew; a marker without its end, or an unknown name, throws. */
export async function regenerate(document: string): Promise<string> {
  let result = document;
  for (const [name, generate] of Object.entries(GENERATORS)) {
    const start = `<!-- generated:${name} -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = result.indexOf(start);
    const to = result.indexOf(end);
    if (from === -1 || to < from) throw new Error(`docs/product.md has no block ${start} … ${end}`);
    result = `${result.slice(0, from + start.length)}\n${await generate()}${result.slice(to)}`;
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
