// The text summaries in bench/profiles/: a V8 CPU profile (`BENCH_CPU_PROF`) reduced to self time by file and by
// function, over the window from the first to the last sample with a given function on the stack.
// Usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [function, default placeOrder]
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, windowFunction = 'placeOrder'] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [function]');
const profile: CpuProfile = JSON.parse(fs.readFileSync(file, 'utf8'));

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

/** node_modules collapse to their package, the shop's files to their path, V8's own entries to their name. */
function fileOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return `nm:${dependency[1]}`;
  if (!url) return `(${functionName})`;
  const inRepository = url.indexOf('/apps/');
  return inRepository >= 0 ? url.slice(inRepository + 1) : url;
}

function hasOnStack(id: number, functionName: string): boolean {
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    if (nodes.get(at)?.callFrame.functionName === functionName) return true;
  }
  return false;
}

const inWindow = profile.samples.flatMap((id, index) => (hasOnStack(id, windowFunction) ? [index] : []));
if (inWindow.length === 0) throw new Error(`no sample has ${windowFunction} on its stack`);
const first = inWindow[0];
const last = inWindow[inWindow.length - 1];

const byFile = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (let index = first; index <= last; index++) {
  const node = nodes.get(profile.samples[index]);
  if (!node) continue;
  const delta = profile.timeDeltas[index];
  total += delta;
  const where = fileOf(node);
  byFile.set(where, (byFile.get(where) ?? 0) + delta);
  const name = `${node.callFrame.functionName || '(anonymous)'} ${where}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
}

function print(title: string, shares: Map<string, number>, rows: number) {
  console.log(title);
  for (const [name, micros] of [...shares].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((100 * micros) / total).toFixed(1).padStart(5)} % ${name}`);
  }
}
console.log(`window ${(total / 1e6).toFixed(1)} s`);
print('## self by file', byFile, 22);
print('## self by function', byFunction, 15);
