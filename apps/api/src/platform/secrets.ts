import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The JWT secret from the environment, else one generated at first start and kept in DATA_DIR. */
export function loadJwtSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
