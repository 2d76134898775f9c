/**
 * Import circles in a source tree (issue 17 "Code health"): reads every `.ts`/`.tsx` file below a
 * folder with the TypeScript compiler's import scanner, follows the relative specifiers that name a
 * `.ts`/`.tsx` file (import, `import type`, `export … from`, `import()`), and answers the strongly
 * connected components of that graph — each group of files that reach one another through imports.
 * Type-only imports count: a type circle still ties the files together for a reader. Package
 * specifiers (`@bimdrive/contracts`, `node:fs`, …) and other file kinds (`.css`, `.svg`) are not
 * followed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Source files that may take part in a circle. */
const SOURCE = /\.tsx?$/;

/**
 * The import graph below `root`: absolute file path → the absolute paths of the files below `root`
 * that it imports (sorted). `node_modules` folders and `.d.ts` files are skipped.
 */
export function importGraph(root: string): Map<string, string[]> {
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts') && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.join(root, f))
    .sort();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const scanned = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
    const targets = scanned
      .map((ref) => ref.fileName)
      .filter((spec) => spec.startsWith('.') && SOURCE.test(spec))
      .map((spec) => path.resolve(path.dirname(file), spec))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * The circles of `graph` (Tarjan's strongly connected components): each with two or more files, or
 * one file that imports itself; files sorted within a circle, circles by their first file.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
