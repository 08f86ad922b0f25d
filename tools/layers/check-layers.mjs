// Runs dependency-cruiser over the shop's sources and prints its findings (docs/decisions/015-enforced-layers.md).
// Without a TypeScript it can use, dependency-cruiser silently skips every .ts/.tsx file and reports no violation,
// so this also fails unless every source file on disk was actually read.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'dependency-cruiser';

const here = path.dirname(fileURLToPath(import.meta.url));
const depcruise = path.join(here, 'node_modules', '.bin', 'depcruise');
const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];
const NOT_CHECKED = [/\.test\.tsx?$/, /^apps\/web\/src\/test\//];

const run = spawnSync(depcruise, ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...SOURCES], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});
if (run.error) throw run.error;
let result;
try {
  result = JSON.parse(run.stdout);
} catch {
  process.stderr.write(run.stdout + run.stderr);
  process.exit(run.status || 1);
}
process.stdout.write((await format(result, { outputType: 'err' })).output);

const cruised = new Set(result.modules.map((m) => m.source));
const onDisk = SOURCES.flatMap((dir) =>
  fs
    .readdirSync(dir, { recursive: true })
    .map((file) => path.posix.join(dir, String(file).split(path.sep).join('/')))
    .filter((file) => /\.tsx?$/.test(file) && !NOT_CHECKED.some((pattern) => pattern.test(file))),
);
const unseen = onDisk.filter((file) => !cruised.has(file));
if (unseen.length > 0) {
  console.error(
    `\nThe layer check did not read ${unseen.length} of ${onDisk.length} source files (is its TypeScript 5.9 installed in tools/layers?), e.g.:\n  ${unseen.slice(0, 5).join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`Read all ${onDisk.length} source files.`);
process.exit(result.summary.error > 0 ? 1 : 0);
