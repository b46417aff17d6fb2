#!/usr/bin/env node
/**
 * `node scripts/check-architecture.mjs [folder ...]` (default: src contracts):
 * fails when the TypeScript files there import each other in a cycle (type-only
 * imports count: a cycle of types still ties the layers together), when their
 * layers do (a folder such as src/http, with its subfolders: imports go one
 * way only between layers), when a source file (tests aside) is longer than
 * 300 lines (past that, a file is likely two concepts; split it by concept,
 * never only to meet the number), or when one replaces a method on a live
 * object (a function assigned to another object's member or to a prototype,
 * or merged in with Object.assign): who follows a change subscribes to the
 * change stream (src/state/changes.ts) instead. Plain JavaScript and no
 * dependency: the imports of this project are written one way (relative paths
 * ending in .js), which a few lines of resolving cover.
 */
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 300;
const SOURCE = /\.(?:ts|mts|mjs|js)$/;
const TEST = /\.test\.(?:ts|mts|mjs|js)$/;
// `import … from 'x'`, `export … from 'x'` (both possibly over several lines, `type` or not), `import 'x'`, `import('x')`.
const IMPORT = /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Every source file under `folders` (absolute paths), declaration files and node_modules left out. */
export function sourceFiles(root, folders) {
  const files = [];
  const walk = (path) => {
    if (!statSync(path, { throwIfNoEntry: false })) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') walk(join(path, entry));
    } else if (SOURCE.test(path) && !path.endsWith('.d.ts')) files.push(path);
  };
  for (const folder of folders) walk(resolve(root, folder));
  return files.sort();
}

/** The relative imports of one file, resolved to files of the set (`./x.js` is `./x.ts` in the sources). */
export function importsOf(file, known) {
  const found = new Set();
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier?.startsWith('.')) continue;
    const base = resolve(dirname(file), specifier);
    const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, join(base, 'index.ts')];
    const target = candidates.find((candidate) => known.has(candidate));
    if (target) found.add(target);
  }
  return [...found];
}

/** The import cycles (strongly connected groups of two or more files, or a file importing itself), by Tarjan's algorithm. */
export function findCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** Source files (tests aside) longer than `MAX_LINES`, with their length. */
export function longFiles(files) {
  return files
    .filter((file) => !TEST.test(file))
    .map((file) => ({ file, lines: readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length }))
    .filter(({ lines }) => lines > MAX_LINES);
}

// A statement `obj.member = (…) =>`, `= function`, `= x =>` (not `this.member`, which a class sets on itself),
// `X.prototype.m = …`, and `Object.assign(obj, { m: (…) => … })` or `{ m: originals.m }`.
const REPLACED = [
  /^\s*(?!this\.)([A-Za-z_$][\w$]*(?:\.[\w$#]+)+)\s*=\s*(?:async\s*)?(?:\([^()\n]*\)\s*(?::[^=\n]+)?=>|function\b|[\w$]+\s*=>)/gm,
  /\b([\w$.]+\.prototype\.[\w$]+)\s*=(?!=)/g,
  /Object\.assign\(\s*([\w$.]+)\s*,\s*\{[^}]*?\b[\w$]+\s*:\s*(?:\([^()]*\)\s*=>|function\b|originals?\.)/g,
];

/** Places where a source file (tests aside) replaces a method of an object at run time, once per line: `file:line target`. */
export function replacedMethods(files) {
  const found = new Map();
  for (const file of files.filter((file) => !TEST.test(file))) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    for (const pattern of REPLACED) {
      for (const match of text.matchAll(pattern)) {
        const line = text.slice(0, match.index + match[0].length - match[0].trimStart().length).split('\n').length;
        if (/^\s*(?:\/\/|\*|\/\*)/.test(lines[line - 1])) continue;
        if (!found.has(`${file}:${line}`)) found.set(`${file}:${line}`, { file, line, target: match[1] });
      }
    }
  }
  return [...found.values()];
}

/** Everything the check finds under `folders` of `root`, paths relative to `root`. */
export function checkArchitecture(root, folders = ['src', 'contracts']) {
  const files = sourceFiles(root, folders);
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
  const rel = (file) => relative(root, file);
  // A folder right under the given ones is a layer (its subfolders belong to it; files at the top form one too):
  // one layer importing another that imports it back is a cycle, whether or not files close it.
  const layerOf = (file) => dirname(rel(file)).split(sep).slice(0, 2).join('/');
  const layers = new Map();
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    const into = layers.get(from) ?? new Set();
    layers.set(from, into);
    for (const target of targets) if (layerOf(target) !== from) into.add(layerOf(target));
  }
  return {
    files: files.length,
    cycles: findCycles(graph).map((group) => group.map(rel)),
    folderCycles: findCycles(new Map([...layers].map(([folder, into]) => [folder, [...into]]))),
    long: longFiles(files).map(({ file, lines }) => ({ file: rel(file), lines })),
    replaced: replacedMethods(files).map(({ file, line, target }) => `${rel(file)}:${line} ${target}`),
  };
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const folders = process.argv.slice(2);
  const { files, cycles, folderCycles, long, replaced } = checkArchitecture(root, folders.length > 0 ? folders : undefined);
  for (const group of cycles) process.stdout.write(`import cycle of ${group.length} files:\n${group.map((file) => `  ${file}`).join('\n')}\n`);
  for (const group of folderCycles) process.stdout.write(`import cycle between layers (folders): ${group.join(', ')}\n`);
  for (const { file, lines } of long) process.stdout.write(`${file}: ${lines} lines (at most ${MAX_LINES})\n`);
  for (const place of replaced) process.stdout.write(`${place}: a method replaced at run time (subscribe to the change stream instead)\n`);
  const ok = cycles.length === 0 && folderCycles.length === 0 && long.length === 0 && replaced.length === 0;
  const counts = `${cycles.length} import cycles of files, ${folderCycles.length} of layers, ${long.length} files over ${MAX_LINES} lines, ${replaced.length} methods replaced at run time`;
  process.stdout.write(`${ok ? 'ok' : 'not ok'}: ${files} files, ${counts}\n`);
  process.exitCode = ok ? 0 : 1;
}

// Run as a script (its test imports it).
if (process.argv[1] && realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1])) main();
