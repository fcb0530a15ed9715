import { describe, expect, it } from 'vitest';

/** Every source file of the app, as text, keyed by its path ('./features/…'). */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

/** The local modules `file` imports, as paths from src/ ('app/…', 'features/…'). */
function localImports(file: string): string[] {
  const dir = file.split('/').slice(1, -1);
  return [...sources[file].matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map(([, spec]) => {
    const parts = [...dir];
    for (const part of spec.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    return parts.join('/');
  });
}

/** 'file → import' for each import of the files under `from` that points under one of `forbidden`. */
function offenders(from: string[], forbidden: string[]): string[] {
  return Object.keys(sources)
    .filter((f) => from.some((d) => f.startsWith(`./${d}/`)))
    .flatMap((f) => localImports(f).filter((i) => forbidden.some((d) => i.startsWith(`${d}/`))).map((i) => `${f} → ${i}`));
}

describe('layering of the web app', () => {
  it('finds the sources it checks', () => {
    expect(Object.keys(sources)).toContain('./features/column-mappings/column-mappings-api.ts');
  });

  it('features never import from app/ (app composes features, not the other way round)', () => {
    expect(offenders(['features'], ['app'])).toEqual([]);
  });

  it('lib/ and components/ import neither app/ nor features/', () => {
    expect(offenders(['lib', 'components'], ['app', 'features'])).toEqual([]);
  });
});
