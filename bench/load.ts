// autocannon runs: fixed or random paths, every answer checked for its status.
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Seconds of the same load, not measured, before each row: a process started for the row has compiled its hot code. */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

export interface LoadResult {
  reqPerSec: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors or timeouts. */
  failed: number;
  requests: number;
  /** Answers counted in the warm-up and the measured run together (a request log has a line for each). */
  allRequests: number;
}

export interface LoadOptions {
  base: string;
  /** The path of each request (called once per request: random pages, random ids). */
  path: () => string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
}

/** One path asked first (it must answer 2xx), then autocannon: a warm-up, then the measured run. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const first = options.path();
  const probe = await fetch(options.base + first, {
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
  });
  if (!probe.ok) throw new Error(`${first} answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
  await probe.arrayBuffer();
  const run = (duration: number) =>
    autocannon({
      url: options.base,
      connections: options.connections ?? CONNECTIONS,
      duration,
      requests: [
        {
          method: options.method ?? 'GET',
          headers: options.headers,
          body: options.body,
          setupRequest: (request) => ({ ...request, path: options.path() }),
        },
      ],
    });
  const warmup = WARMUP_SECONDS > 0 ? (await run(WARMUP_SECONDS)).requests.total : 0;
  const result = await run(options.seconds ?? SECONDS);
  return {
    reqPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
    allRequests: warmup + result.requests.total,
  };
}

export const randomInt = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));

/** Waits until the shop answers its health route at once a few times in a row: the last run's requests are done. */
export async function settle(base: string): Promise<void> {
  let quiet = 0;
  const deadline = Date.now() + 30_000;
  while (quiet < 3 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    quiet = performance.now() - started < 20 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
