// The storefront as a phone sees it: the bytes a landing page needs before it answers a tap and before it paints,
// and Lighthouse's mobile scores from both Lighthouse versions the shop is judged with.
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse12 from 'lighthouse';
import lighthouse13 from 'lighthouse-13';

export const JS_BEFORE_TAP_LIMIT = 60 * 1024;
export const BLOCKING_CSS_LIMIT = 15 * 1024;

/** One file counted in a budget, by the bytes it costs brotli-compressed. */
export interface CountedFile {
  path: string;
  brotliBytes: number;
  /** `br` when these are the bytes the server sent; else what it sent, compressed with brotli here. */
  sentAs: string;
  cacheControl: string;
}

export interface ByteBudget {
  brotliBytes: number;
  files: CountedFile[];
  /** Inline `<script>` or `<style>` bodies, brotli-compressed here. */
  inlineBlocks: number;
  inlineBrotliBytes: number;
  /** Files on another origin: named by the page, not fetched, not counted. */
  otherOrigins: string[];
}

export interface LandingPageBytes {
  html: { wireBytes: number; encoding: string; cacheControl: string };
  /** Every script the page runs by itself (and modulepreloads), with their static imports, recursively. */
  jsBeforeTap: ByteBudget;
  /** Style sheets that hold back the first paint: screen/all link elements and inline styles, with their @imports. */
  blockingCss: ByteBudget;
}

interface Fetched {
  text: string;
  wireBytes: number;
  brotliBytes: number;
  encoding: string;
  cacheControl: string;
}

/** One GET as a browser sends it; the body's bytes as they crossed the connection, and its text decoded. */
function fetchAsBrowser(url: string, accept: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const headers = { accept, 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Chrome' };
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if ((response.statusCode ?? 0) >= 400) return reject(new Error(`${url} answered ${response.statusCode}`));
          const wire = Buffer.concat(chunks);
          const encoding = String(response.headers['content-encoding'] ?? 'identity');
          const body =
            encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
          resolve({
            text: body.toString('utf8'),
            wireBytes: wire.length,
            brotliBytes: encoding === 'br' ? wire.length : brotliSize(body),
            encoding,
            cacheControl: String(response.headers['cache-control'] ?? '(none)'),
          });
        });
      })
      .on('error', reject);
  });
}

const brotliSize = (content: string | Buffer) => zlib.brotliCompressSync(content).length;

interface ScriptReference {
  url?: string;
  inline?: string;
  isModule: boolean;
}

interface StyleReference {
  url?: string;
  inline?: string;
}

// Comments, and the elements whose content is not markup (a script's text may well contain "<link"), are matched
// whole so that nothing inside them is taken for a tag; attribute values may contain ">".
const ATTRIBUTES = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
const ELEMENT = new RegExp(
  `<!--[\\s\\S]*?-->|<(script|style|noscript|template)\\b${ATTRIBUTES}>([\\s\\S]*?)</\\1\\s*>|<link\\b${ATTRIBUTES}>`,
  'gi',
);
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Script types a browser runs; any other type (JSON, ld+json, importmap, templates) is a data block. */
const JAVASCRIPT_TYPE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, ...values] of source.matchAll(ATTRIBUTE)) {
    const value = values.find((v) => v !== undefined) ?? '';
    const key = name.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, value.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  }
  return attributes;
}

const blocksPaint = (media: string | undefined) => ['', 'all', 'screen'].includes((media ?? '').trim().toLowerCase());

/** What a page's HTML makes the browser run and what holds back its first paint, with scripting on. */
function resourcesOf(html: string, pageUrl: string) {
  const scripts: ScriptReference[] = [];
  const styles: StyleReference[] = [];
  const resolve = (ref: string) => new URL(ref, pageUrl).toString();
  for (const [, element, elementAttributes, content, linkAttributes] of html.matchAll(ELEMENT)) {
    if (linkAttributes !== undefined) {
      const attributes = attributesOf(linkAttributes);
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attributes.get('href');
      if (!href) continue;
      if (rel.includes('modulepreload')) scripts.push({ url: resolve(href), isModule: true });
      const isBlockingSheet =
        rel.includes('stylesheet') &&
        !rel.includes('alternate') &&
        !attributes.has('disabled') &&
        blocksPaint(attributes.get('media'));
      if (isBlockingSheet) styles.push({ url: resolve(href) });
      continue;
    }
    const attributes = attributesOf(elementAttributes ?? '');
    switch (element?.toLowerCase()) {
      case 'script': {
        const type = (attributes.get('type') ?? '').trim();
        // A browser that runs modules skips `nomodule` scripts.
        if (!JAVASCRIPT_TYPE.test(type) || attributes.has('nomodule')) break;
        const isModule = type.toLowerCase() === 'module';
        const src = attributes.get('src');
        if (src) scripts.push({ url: resolve(src), isModule });
        else if (content.trim()) scripts.push({ inline: content, isModule });
        break;
      }
      case 'style':
        if (blocksPaint(attributes.get('media')) && content.trim()) styles.push({ inline: content });
        break;
      // <noscript> and <template> content is neither run nor applied.
    }
  }
  return { scripts, styles };
}

// V8's own module parser names a module's static imports and `export … from` (never a dynamic import()), whatever
// shape the minifier gave them. It is only reachable behind --experimental-vm-modules, hence a worker of its own.
const LIST_STATIC_IMPORTS = `
const { SourceTextModule } = require('node:vm');
const { parentPort, workerData } = require('node:worker_threads');
parentPort.postMessage(
  workerData.map((source) => {
    const module = new SourceTextModule(source);
    return module.moduleRequests?.map((request) => request.specifier) ?? module.dependencySpecifiers;
  }),
);
`;

function staticImportsOf(sources: string[]): Promise<string[][]> {
  if (sources.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const worker = new Worker(LIST_STATIC_IMPORTS, {
      eval: true,
      workerData: sources,
      execArgv: ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'],
    });
    worker.once('message', (specifiers: string[][]) => {
      resolve(specifiers);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

function resolveSpecifier(specifier: string, importer: string): string {
  if (!/^(?:\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier)) {
    throw new Error(`${importer} imports "${specifier}", which a browser cannot resolve without an import map`);
  }
  return new URL(specifier, importer).toString();
}

function emptyBudget(): ByteBudget {
  return { brotliBytes: 0, files: [], inlineBlocks: 0, inlineBrotliBytes: 0, otherOrigins: [] };
}

function countInline(budget: ByteBudget, content: string) {
  const bytes = brotliSize(content);
  budget.inlineBlocks++;
  budget.inlineBrotliBytes += bytes;
  budget.brotliBytes += bytes;
}

function countFile(budget: ByteBudget, url: string, file: Fetched) {
  const { pathname, search } = new URL(url);
  budget.files.push({
    path: pathname + search,
    brotliBytes: file.brotliBytes,
    sentAs: file.encoding === 'br' ? 'br' : `${file.encoding}, brotli here`,
    cacheControl: file.cacheControl,
  });
  budget.brotliBytes += file.brotliBytes;
}

/** The scripts, each once, breadth first through their static imports. */
async function jsBeforeTap(scripts: ScriptReference[], pageUrl: string): Promise<ByteBudget> {
  const budget = emptyBudget();
  const origin = new URL(pageUrl).origin;
  const seen = new Set<string>();
  const modulesToParse: { source: string; url: string }[] = [];
  let next: ScriptReference[] = scripts;
  while (next.length > 0) {
    for (const script of next) {
      if (script.inline !== undefined) {
        countInline(budget, script.inline);
        if (script.isModule) modulesToParse.push({ source: script.inline, url: pageUrl });
        continue;
      }
      const url = script.url!;
      if (seen.has(url)) continue;
      seen.add(url);
      if (new URL(url).origin !== origin) {
        budget.otherOrigins.push(url);
        continue;
      }
      const file = await fetchAsBrowser(url, '*/*');
      countFile(budget, url, file);
      if (script.isModule) modulesToParse.push({ source: file.text, url });
    }
    const imports = await staticImportsOf(modulesToParse.map((m) => m.source));
    next = modulesToParse.flatMap((module, i) =>
      imports[i].map((specifier) => ({ url: resolveSpecifier(specifier, module.url), isModule: true })),
    );
    modulesToParse.length = 0;
  }
  return budget;
}

/** An @import holds back the sheet that names it until it has loaded itself. */
function cssImportsOf(css: string, sheetUrl: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...withoutComments.matchAll(/@import\s+(?:url\(\s*(["']?)([^"')]+)\1\s*\)|(["'])([^"']+)\3)/gi)].map(
    (match) => new URL(match[2] ?? match[4], sheetUrl).toString(),
  );
}

async function blockingCss(styles: StyleReference[], pageUrl: string): Promise<ByteBudget> {
  const budget = emptyBudget();
  const origin = new URL(pageUrl).origin;
  const seen = new Set<string>();
  const queue = [...styles];
  for (let style = queue.shift(); style; style = queue.shift()) {
    if (style.inline !== undefined) {
      countInline(budget, style.inline);
      queue.push(...cssImportsOf(style.inline, pageUrl).map((url) => ({ url })));
      continue;
    }
    const url = style.url!;
    if (seen.has(url)) continue;
    seen.add(url);
    if (new URL(url).origin !== origin) {
      budget.otherOrigins.push(url);
      continue;
    }
    const file = await fetchAsBrowser(url, 'text/css,*/*;q=0.1');
    countFile(budget, url, file);
    queue.push(...cssImportsOf(file.text, url).map((imported) => ({ url: imported })));
  }
  return budget;
}

/** A landing page fetched as a browser asks for it, and what it makes the browser fetch before a tap and a paint. */
export async function landingPageBytes(pageUrl: string): Promise<LandingPageBytes> {
  const page = await fetchAsBrowser(pageUrl, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
  const { scripts, styles } = resourcesOf(page.text, pageUrl);
  return {
    html: { wireBytes: page.wireBytes, encoding: page.encoding, cacheControl: page.cacheControl },
    jsBeforeTap: await jsBeforeTap(scripts, pageUrl),
    blockingCss: await blockingCss(styles, pageUrl),
  };
}

export interface LighthouseMedians {
  lighthouseVersion: string;
  performance: number;
  accessibility: number;
  totalBlockingTimeMs: number;
  largestContentfulPaintMs: number;
  layoutShift: number;
  /** Lighthouse's measure of this machine's speed (higher is faster), taken in each run. */
  benchmarkIndex: number;
  /** Each run's blocking time, in the order taken, and the longest tasks of the run that blocked most. */
  blockingRuns?: { totalBlockingTimeMs: number[]; longestTasks: string[] };
}

export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 100,
  totalBlockingTimeMs: 150,
  largestContentfulPaintMs: 2000,
  layoutShift: 0,
};

/** The names of the targets a page missed, in the order they are printed. */
export function missedLighthouseTargets(scores: LighthouseMedians): string[] {
  const missed: string[] = [];
  if (scores.performance < LIGHTHOUSE_TARGETS.performance) missed.push('performance');
  if (scores.accessibility < LIGHTHOUSE_TARGETS.accessibility) missed.push('accessibility');
  if (scores.totalBlockingTimeMs > LIGHTHOUSE_TARGETS.totalBlockingTimeMs) missed.push('TBT');
  if (scores.largestContentfulPaintMs > LIGHTHOUSE_TARGETS.largestContentfulPaintMs) missed.push('LCP');
  if (scores.layoutShift > LIGHTHOUSE_TARGETS.layoutShift) missed.push('CLS');
  return missed;
}

// The targets hold for Lighthouse 12.8 and 13.x alike, so every page is measured with both, called with the same
// options: the default mobile profile.
const LIGHTHOUSE_RUNNERS = [lighthouse12, lighthouse13] as ((
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<{ lhr: LighthouseResult } | undefined>)[];

/** The parts of a Lighthouse result read here, alike in 12 and 13. */
interface LighthouseResult {
  lighthouseVersion: string;
  runtimeError?: { message: string };
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
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

/** One Lighthouse run in a fresh Chromium; a run that fails to record (it happens on a busy machine) is retried. */
async function lighthouseOnce(
  runLighthouse: (typeof LIGHTHOUSE_RUNNERS)[number],
  url: string,
  attemptsLeft = 3,
): Promise<LighthouseMedians> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await runLighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse ${lhr.lighthouseVersion} on ${url}: ${lhr.runtimeError.message}`);
    return {
      lighthouseVersion: lhr.lighthouseVersion,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      totalBlockingTimeMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      largestContentfulPaintMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      layoutShift: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      blockingRuns: { totalBlockingTimeMs: [], longestTasks: longestTasks(lhr) },
    };
  } catch (error) {
    if (attemptsLeft <= 1) throw error;
    console.log(`  (${error instanceof Error ? error.message : error}; again)`);
  } finally {
    chrome.kill();
  }
  return lighthouseOnce(runLighthouse, url, attemptsLeft - 1);
}

interface LongTaskItem {
  url?: string;
  duration?: number;
  startTime?: number;
}

/** The run's longest main-thread tasks as Lighthouse attributes them (script or "Unattributable"), longest first. */
function longestTasks(lhr: { audits: Record<string, { details?: unknown }> }): string[] {
  const details = lhr.audits['long-tasks']?.details as { items?: LongTaskItem[] } | undefined;
  return [...(details?.items ?? [])]
    .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
    .slice(0, 4)
    .map((t) => `${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} ms (${t.url ?? '?'})`);
}

/**
 * Lighthouse's default (mobile, simulated slow 4G and CPU) run `runs` times with each version: the medians, one per
 * version. The versions take turns, the first going second in the next round, so neither has the quieter minutes.
 */
export async function lighthouseScores(url: string, runs: number): Promise<LighthouseMedians[]> {
  const byVersion: LighthouseMedians[][] = LIGHTHOUSE_RUNNERS.map(() => []);
  for (let round = 0; round < runs; round++) {
    const order = LIGHTHOUSE_RUNNERS.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) byVersion[i].push(await lighthouseOnce(LIGHTHOUSE_RUNNERS[i], url));
  }
  return byVersion.map((all) => ({
    lighthouseVersion: all[0].lighthouseVersion,
    blockingRuns: {
      totalBlockingTimeMs: all.map((s) => Math.round(s.totalBlockingTimeMs)),
      longestTasks:
        [...all].sort((a, b) => b.totalBlockingTimeMs - a.totalBlockingTimeMs)[0].blockingRuns?.longestTasks ?? [],
    },
    performance: median(all.map((s) => s.performance)),
    accessibility: median(all.map((s) => s.accessibility)),
    totalBlockingTimeMs: median(all.map((s) => s.totalBlockingTimeMs)),
    largestContentfulPaintMs: median(all.map((s) => s.largestContentfulPaintMs)),
    layoutShift: median(all.map((s) => s.layoutShift)),
    benchmarkIndex: median(all.map((s) => s.benchmarkIndex)),
  }));
}
