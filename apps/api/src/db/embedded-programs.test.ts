import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProgramsRun, isRoot, programsPackage, reachablePrograms } from './embedded.ts';

// docs/decisions/058-root-tests-and-generated-product-tables.md: as root PostgreSQL runs as `postgres`, which cannot run
// programs below a folder private to root. CI runs as root; another user runs the programs where they are.
describe('the PostgreSQL programs below a folder private to root', () => {
  const made: string[] = [];
  let privatePackage: string;
  let copiesDir: string;

  beforeAll(() => {
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-private-'));
    fs.chmodSync(privateDir, 0o700);
    copiesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-programs-'));
    fs.chmodSync(copiesDir, 0o755);
    made.push(privateDir, copiesDir);
    privatePackage = path.join(privateDir, 'linux-programs');
    fs.cpSync(programsPackage().packageDir, privatePackage, { recursive: true, verbatimSymlinks: true });
  });

  afterAll(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('do not run in place as root, with a message that says what to do', () => {
    if (isRoot()) {
      expect(() => checkProgramsRun(privatePackage)).toThrow(
        /^PostgreSQL cannot start: .*linux-programs\/native\/bin\/postgres does not run as the user postgres .*\(EACCES\)\. .*chmod o\+x.*TEST_DATABASE_URL/,
      );
    } else {
      expect(() => checkProgramsRun(privatePackage)).not.toThrow();
    }
  });

  it('are copied once where postgres can run them, as root; stay where they are for another user', () => {
    const first = reachablePrograms(privatePackage, copiesDir);
    const { version } = JSON.parse(fs.readFileSync(path.join(privatePackage, 'package.json'), 'utf8'));
    expect(first).toBe(isRoot() ? path.join(copiesDir, `postgres-${version}`) : privatePackage);
    expect(() => checkProgramsRun(first)).not.toThrow();
    const copiedAt = fs.statSync(first).ino;
    expect(reachablePrograms(privatePackage, copiesDir)).toBe(first);
    expect(fs.statSync(first).ino).toBe(copiedAt);
    // Nothing half-copied is left beside the copy.
    expect(fs.readdirSync(copiesDir)).toEqual(isRoot() ? [`postgres-${version}`] : []);
  });

  it('stay where they are when postgres reaches every parent folder', () => {
    const openDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-open-'));
    fs.chmodSync(openDir, 0o755);
    made.push(openDir);
    const openPackage = path.join(openDir, 'linux-programs');
    fs.cpSync(privatePackage, openPackage, { recursive: true, verbatimSymlinks: true });
    expect(reachablePrograms(openPackage, copiesDir)).toBe(openPackage);
    expect(() => checkProgramsRun(openPackage)).not.toThrow();
  });
});
