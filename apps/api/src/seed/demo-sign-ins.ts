import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { STRONG_PASSWORD_PATTERN } from '@bagshop/shared/patterns';

export interface DemoSignIn {
  role: 'administrator' | 'shopper';
  email: string;
  password: string;
}

export const DEMO_SIGN_INS_FILE = 'demo-sign-ins.txt';

const LETTERS_AND_DIGITS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Three groups of five letters and digits joined by '@' (about 160 bits), as the spec's strong rule wants. */
export function randomDemoPassword(): string {
  for (;;) {
    const groups = Array.from({ length: 3 }, () =>
      Array.from({ length: 5 }, () => LETTERS_AND_DIGITS[crypto.randomInt(LETTERS_AND_DIGITS.length)]).join(''),
    );
    const password = groups.join('@');
    if (STRONG_PASSWORD_PATTERN.test(password)) return password;
  }
}

/** DATA_DIR/demo-sign-ins.txt, readable by the owner only (mode 0600, also when it existed before). */
export function writeDemoSignIns(dataDir: string, signIns: readonly DemoSignIn[], now = new Date()): string {
  const file = path.join(dataDir, DEMO_SIGN_INS_FILE);
  const lines = [
    `# Bag Shop demo sign-ins, written ${now.toISOString()}. Keep this file private.`,
    '# role           email                    password',
    ...signIns.map((s) => `${s.role.padEnd(16)} ${s.email.padEnd(24)} ${s.password}`),
    '',
  ];
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, lines.join('\n'), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

/** The sign-ins of DATA_DIR/demo-sign-ins.txt; none when there is no such file. */
export function readDemoSignIns(dataDir: string): DemoSignIn[] {
  const file = path.join(dataDir, DEMO_SIGN_INS_FILE);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^(administrator|shopper)\s+(\S+)\s+(\S+)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map(([, role, email, password]) => ({ role: role as DemoSignIn['role'], email, password }));
}

/** DATA_DIR/demo-sign-ins.txt with moved demo accounts under their new addresses (unchanged when none moved). */
export function renameDemoSignIns(dataDir: string, moves: readonly { from: string; to: string }[]): void {
  const signIns = readDemoSignIns(dataDir);
  const renamed = signIns.map((s) => ({ ...s, email: moves.find((m) => m.from === s.email)?.to ?? s.email }));
  if (renamed.some((s, i) => s.email !== signIns[i].email)) writeDemoSignIns(dataDir, renamed);
}
