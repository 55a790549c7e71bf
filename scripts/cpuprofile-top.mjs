#!/usr/bin/env node
// Self time of .cpuprofile files (node --cpu-prof, e.g. BENCH_CPU_PROFILE=<dir> of bench-cpu.mjs):
// `node scripts/cpuprofile-top.mjs <dir or files…>` prints the share of the samples by package
// (node_modules package, node: module, the app's dist file, or V8's (idle)/(program)/(garbage
// collector)) and the TOP (default 40) functions by self time. `(idle)` is time the process slept.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const TOP = Number(process.env.TOP ?? 40);
const files = process.argv.slice(2).flatMap((arg) =>
  statSync(arg).isDirectory()
    ? readdirSync(arg)
        .filter((name) => name.endsWith('.cpuprofile'))
        .map((name) => path.join(arg, name))
    : [arg],
);
if (files.length === 0) {
  console.error('usage: node scripts/cpuprofile-top.mjs <dir or .cpuprofile files>');
  process.exit(1);
}

/** node_modules/<package>, node:<module>, app:<path under dist/>, or V8's own entry. */
function packageOf(url, functionName) {
  if (url === '') return functionName;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith('node:')) return url.split('/')[0];
  const dist = url.indexOf('/dist/');
  return dist >= 0 ? `app:${url.slice(dist + '/dist/'.length)}` : url;
}

const byFunction = new Map();
const byPackage = new Map();
let total = 0;
const add = (map, key, count) => map.set(key, (map.get(key) ?? 0) + count);
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = new Map();
  for (const id of profile.samples) samples.set(id, (samples.get(id) ?? 0) + 1);
  for (const [id, count] of samples) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const where = url
      .replace(/^file:\/\//, '')
      .split('/')
      .slice(-3)
      .join('/');
    add(byFunction, `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`, count);
    add(byPackage, packageOf(url, functionName), count);
    total += count;
  }
}
const busy = total - (byPackage.get('(idle)') ?? 0);
const show = (map, limit) => {
  for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit))
    console.log(
      `${((100 * count) / total).toFixed(1).padStart(6)} %${((100 * count) / busy).toFixed(1).padStart(7)} %  ${key}`,
    );
};
console.log(`${files.length} profile(s), ${total} samples, ${busy} not idle`);
console.log('  of all  of busy  by package');
show(byPackage, 40);
console.log('  of all  of busy  by function (self time)');
show(byFunction, TOP);
