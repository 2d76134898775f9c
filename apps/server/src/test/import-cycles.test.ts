/**
 * No import circles (issue 17): the server, the web app and the contracts each form an acyclic
 * import graph, type-only imports included. A failure names the files of each circle.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('import circles', () => {
  for (const root of ['apps/server/src', 'apps/web/src', 'packages/contracts/src'])
    it(`${root} has none`, () => {
      const graph = importGraph(path.join(repo, root));
      expect(graph.size).toBeGreaterThan(20);
      const cycles = importCycles(graph).map((c) => c.map((f) => path.relative(repo, f)));
      expect(cycles).toEqual([]);
    });

  const scratch = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds a type-only circle through a sub-folder and ignores packages and styles', () => {
    mkdirSync(path.join(scratch, 'sub'));
    writeFileSync(path.join(scratch, 'a.ts'), "import type { B } from './sub/b.ts';\nimport 'node:fs';\n");
    writeFileSync(path.join(scratch, 'sub/b.ts'), "export type B = 1;\nexport { c } from '../c.tsx';\n");
    writeFileSync(
      path.join(scratch, 'c.tsx'),
      "import './style.css';\nexport const c = () => import('./a.ts');\n",
    );
    writeFileSync(path.join(scratch, 'd.ts'), "import { c } from './c.tsx';\n");
    const cycles = importCycles(importGraph(scratch));
    expect(cycles).toEqual([['a.ts', 'c.tsx', 'sub/b.ts'].map((f) => path.join(scratch, f))]);
  });
});
