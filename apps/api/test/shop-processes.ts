import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test support: real shop processes (`apps/api/src/main.ts`, as `npm start` runs it) and HAProxy in front. */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

export interface ChildServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the process printed so far. */
  output(): string;
  /** SIGTERM, and the exit code once it has gone (SIGKILL after 20 s). */
  stop(): Promise<number | null>;
}

/** A free loopback port (the kernel's pick, released before use). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, port: number): ChildServer {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Resolves once `url` answers 200; fails when the process exits first or after two minutes. */
async function waitForOk(server: ChildServer, url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = '';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`stopped at start:\n${server.output().slice(-3000)}`);
    last = await fetch(url).then(
      (res) => (res.ok ? 'ok' : `${res.status}`),
      (error: Error) => `${error.message} (${String(error.cause)})`,
    );
    if (last === 'ok') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within two minutes (${last}):\n${server.output().slice(-3000)}`);
}

/** A shop process in production mode on a free loopback port, with `env` added; resolves once it is healthy. */
export async function startShopProcess(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const server = startChild(
    process.execPath,
    // tsx's loader only: its preflight (`--import tsx`) ends the process on SIGTERM before the shop has drained.
    ['--import', 'tsx/esm', path.join(ROOT, 'apps/api/src/main.ts')],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    port,
  );
  await waitForOk(server, `${server.url}/api/health`).catch(async (error) => {
    await server.stop();
    throw error;
  });
  return server;
}

/**
 * HAProxy in front of the shop processes, configured as docs/deploy.md shows (health checks, retries on a refused
 * connection, WebSocket upgrade without stickiness), plus one line for tests: the header `x-shop-process: <name>` picks a server.
 */
export async function startHaproxy(dir: string, servers: Record<string, ChildServer>): Promise<ChildServer> {
  const port = await freePort();
  const file = path.join(dir, 'haproxy.cfg');
  const names = Object.keys(servers);
  fs.writeFileSync(
    file,
    [
      'global',
      '  maxconn 512',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      '  timeout tunnel 1h',
      '  retries 3',
      '  option redispatch 1',
      '  retry-on conn-failure empty-response 503',
      'frontend shop',
      `  bind 127.0.0.1:${port}`,
      '  default_backend shops',
      'backend shops',
      '  balance roundrobin',
      '  option httpchk GET /api/health',
      '  http-check expect status 200',
      '  default-server inter 300ms fall 1 rise 1',
      ...names.map((name) => `  use-server ${name} if { req.hdr(x-shop-process) -m str ${name} }`),
      ...names.map((name) => `  server ${name} 127.0.0.1:${servers[name].port} check`),
      '',
    ].join('\n'),
  );
  const proxy = startChild(HAPROXY, ['-db', '-f', file], { PATH: process.env.PATH }, port);
  await waitForOk(proxy, `${proxy.url}/api/health`).catch(async (error) => {
    await proxy.stop();
    throw error;
  });
  return proxy;
}
