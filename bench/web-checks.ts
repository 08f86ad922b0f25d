// The storefront as a phone sees it: bytes on the wire of the first load, and Lighthouse's mobile scores.
import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface FirstLoad {
  /** JS and CSS named by index.html, as sent with Accept-Encoding: br, gzip. */
  wireBytes: number;
  htmlBytes: number;
  files: { path: string; bytes: number; encoding: string; cacheControl: string }[];
}

/** Body bytes as they cross the connection (no decompression), with the headers that matter here. */
function fetchRaw(url: string): Promise<{ bytes: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          if ((response.statusCode ?? 0) >= 400) reject(new Error(`${url} answered ${response.statusCode}`));
          else resolve({ bytes: body.length, body, headers: response.headers });
        });
      })
      .on('error', reject);
  });
}

export async function firstLoad(base: string): Promise<FirstLoad> {
  const index = await fetchRaw(`${base}/`);
  // The page itself is read uncompressed to find what it names.
  const html = await (await fetch(`${base}/`)).text();
  const named = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script');
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? '';
    const ref = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!ref || ref.startsWith('http')) continue;
    if (isScript || rel === 'modulepreload' || rel === 'stylesheet') named.add(ref);
  }
  const files: FirstLoad['files'] = [];
  for (const ref of named) {
    const file = await fetchRaw(new URL(ref, `${base}/`).toString());
    files.push({
      path: ref,
      bytes: file.bytes,
      encoding: String(file.headers['content-encoding'] ?? 'none'),
      cacheControl: String(file.headers['cache-control'] ?? '(none)'),
    });
  }
  return { wireBytes: files.reduce((sum, f) => sum + f.bytes, 0), htmlBytes: index.bytes, files };
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  layoutShift: number;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Lighthouse's default (mobile, simulated slow 4G and CPU) run `runs` times in a fresh Chromium: the medians. */
/** One Lighthouse run in a fresh Chromium; a run that fails to record (it happens on a busy machine) is retried. */
async function lighthouseOnce(url: string, attemptsLeft = 3): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      layoutShift: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    };
  } catch (error) {
    if (attemptsLeft <= 1) throw error;
    console.log(`  (${error instanceof Error ? error.message : error}; again)`);
  } finally {
    chrome.kill();
  }
  return lighthouseOnce(url, attemptsLeft - 1);
}

/** Lighthouse's default (mobile, simulated slow 4G and CPU) run `runs` times: the medians. */
export async function lighthouseScores(url: string, runs: number): Promise<LighthouseScores> {
  const all: LighthouseScores[] = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouseOnce(url));
  return {
    performance: median(all.map((s) => s.performance)),
    accessibility: median(all.map((s) => s.accessibility)),
    layoutShift: median(all.map((s) => s.layoutShift)),
  };
}
