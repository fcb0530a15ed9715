// Fails when source, tests or the README cite what a clone of this repository does not hold:
// issue numbers, spec sections of documents kept elsewhere, or paths outside the repository.
// The rules live in docs/ — cite docs/…#anchor or state the rule itself (docs/README.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['apps', 'packages', 'scripts', '.ci', 'README.md', 'docs'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'fixtures', '.vite']);
const EXTENSIONS = /\.(ts|tsx|mjs|cjs|js|css|md|json|sh|html)$|^run$/;
const FORBIDDEN = [
  { rule: /\bissues? #?\d+\b/i, what: 'an issue number' },
  { rule: /\bspec 00\d\b/i, what: 'a spec section kept outside the repository' },
  { rule: /\.\.\/shared\/|\b(DESIGN|STYLE)\.md\b/, what: 'a file outside the repository' },
];

function* files(p) {
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isFile()) { if (EXTENSIONS.test(path.basename(p))) yield p; return; }
  for (const name of readdirSync(p)) if (!SKIP_DIRS.has(name) && !name.startsWith('dist')) yield* files(path.join(p, name));
}

const found = [];
for (const root of ROOTS) {
  for (const file of files(root)) {
    if (file === path.join('scripts', 'check-citations.mjs')) continue;
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      for (const { rule, what } of FORBIDDEN) if (rule.test(line)) found.push(`${file}:${i + 1}: cites ${what}: ${line.trim().slice(0, 120)}`);
    });
  }
}
if (found.length) {
  console.error(found.join('\n'));
  console.error(`\n${found.length} citation(s) of things outside the repository: cite docs/…#anchor or state the rule.`);
  process.exit(1);
}
console.log('citations: every reference is inside the repository');
