// Fails when server modules (apps/server/src/modules/<name>/) import each other in a circle,
// even when no single file cycle exists. Reads dependency-cruiser's JSON on stdin.
import { readFileSync } from 'node:fs';

const result = JSON.parse(readFileSync(0, 'utf8'));
const moduleOf = (file) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const edges = new Map();
for (const mod of result.modules) {
  const from = moduleOf(mod.source);
  // A test may use another module's fixtures (the print writer is checked against the built-in samples): not a runtime dependency.
  if (!from || /\.test\.tsx?$/.test(mod.source)) continue;
  for (const dep of mod.dependencies) {
    const to = moduleOf(dep.resolved);
    if (to && to !== from) {
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
}
const cycles = [];
const visit = (node, path) => {
  for (const next of edges.get(node) ?? []) {
    if (next === path[0]) cycles.push([...path, next].join(' → '));
    else if (!path.includes(next) && next > path[0]) visit(next, [...path, next]);
  }
};
for (const start of edges.keys()) visit(start, [start]);
if (cycles.length) {
  console.error(`Module cycles:\n  ${cycles.join('\n  ')}`);
  process.exit(1);
}
console.log(`No cycles between ${edges.size} server modules: ${[...edges].map(([m, to]) => `${m} → ${[...to].join(', ')}`).join('; ')}`);
