import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AuthPayload } from '@bagshop/shared/types';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../../api/src/config.ts';
import { runningEmbeddedUrl } from '../../../api/src/db/embedded.ts';
import { startShop } from '../../../api/src/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the real shop of this run answers, e.g. http://127.0.0.1:41234 */
    apiBaseUrl: string;
    /** The demo admin, signed in once for the whole run (sign-ins are rate limited). */
    adminSession: AuthPayload;
    /** The demo admin's sign-in, with the random password the seed gave it. */
    adminSignIn: { email: string; password: string };
    /** The shop's own database, for a test that must move time on for it (a code's resend wait). */
    databaseUrl: string;
  }
}

/**
 * The real shop (API, its own embedded PostgreSQL, demo catalogue) for the page tests: started once,
 * stopped at the end, its data folder removed.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bagshop-web-test-'));
  // PostgreSQL runs as its own user when the tests run as root; it must reach the folder.
  fs.chmodSync(dataDir, 0o755);
  const config = loadConfig({
    // Development: the page tests read registration codes from the development mailbox, as a developer would.
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST: 'none',
  });
  let shop: Awaited<ReturnType<typeof startShop>>;
  try {
    shop = await startShop(config, () => {});
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { port } = shop.app.server.address() as AddressInfo;
  const apiBaseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const admin = shop.demoSignIns.find((signIn) => signIn.role === 'administrator');
  if (!admin) {
    await stop();
    throw new Error('The demo seed created no administrator');
  }
  const login = await fetch(`${apiBaseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (!login.ok) {
    const answer = `${login.status} ${await login.text()}`;
    await stop();
    throw new Error(`The demo admin cannot sign in: ${answer}`);
  }
  project.provide('apiBaseUrl', apiBaseUrl);
  project.provide('adminSession', (await login.json()) as AuthPayload);
  project.provide('adminSignIn', { email: admin.email, password: admin.password });
  project.provide('databaseUrl', runningEmbeddedUrl(dataDir) ?? '');
  return stop;
}
