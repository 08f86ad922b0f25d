import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';
import { startFakeShiprocket } from '../apps/api/test/fake-shiprocket.ts';
import {
  E2E_BASE_URL,
  E2E_PORT,
  E2E_TMP,
  GOOGLE_USER,
  MAIL_DIR,
  SHIPROCKET_WEBHOOK_TOKEN,
  UNSERVED_PINCODE,
} from './support/env.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The shop did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts what the end-to-end tests run against: a real SMTP server, an OpenID Connect test issuer, a stand-in for
 * Shiprocket's API, and the built shop itself on a fresh embedded PostgreSQL with demo data.
 */
export default async function globalSetup() {
  fs.rmSync(E2E_TMP, { recursive: true, force: true });
  fs.mkdirSync(E2E_TMP, { recursive: true, mode: 0o755 });
  fs.chmodSync(E2E_TMP, 0o755);
  const smtp = await startSmtpSink(MAIL_DIR);
  // Tests that start a shop of their own send its mail here too, so they read codes as every other test does.
  process.env.E2E_SMTP_URL = smtp.url;

  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  const issuerPort = (oidc.address() as { port: number }).port;
  oidc.issuer.url = `http://127.0.0.1:${issuerPort}`;
  oidc.service.on('beforeTokenSigning', (token) => {
    token.payload.sub = 'google-meera';
    token.payload.email = GOOGLE_USER.email;
    token.payload.email_verified = true;
    token.payload.name = GOOGLE_USER.name;
  });

  const shiprocket = await startFakeShiprocket();
  shiprocket.setCouriers(UNSERVED_PINCODE, []);

  // The shop serves its own copy of the built web app, so a rebuild during the run cannot swap assets under it.
  const webDist = path.join(E2E_TMP, 'web');
  fs.cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });

  const log = fs.openSync(path.join(E2E_TMP, 'shop.log'), 'w');
  const shop = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E_BASE_URL,
      // The suite's shoppers come from addresses of their own (support/accounts.ts, registerViaApi).
      TRUST_PROXY: 'loopback',
      DATA_DIR: path.join(E2E_TMP, 'data'),
      WEB_DIST: webDist,
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID: 'bagshop-e2e',
      GOOGLE_CLIENT_SECRET: 'bagshop-e2e-secret',
      GOOGLE_ISSUER: oidc.issuer.url,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      SHIPPING_PROVIDER: 'shiprocket',
      SHIPROCKET_EMAIL: shiprocket.email,
      SHIPROCKET_PASSWORD: shiprocket.password,
      SHIPROCKET_WEBHOOK_TOKEN,
      SHIPROCKET_API_URL: shiprocket.url,
    },
  });
  await waitForHealth(E2E_BASE_URL, shop, 90_000);

  return async () => {
    shop.kill('SIGTERM');
    await new Promise((resolve) => {
      if (shop.exitCode !== null) resolve(null);
      shop.once('exit', resolve);
      setTimeout(resolve, 15_000);
    });
    await oidc.stop();
    await shiprocket.close();
    await smtp.close();
  };
}
