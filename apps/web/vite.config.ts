import { realpathSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, parseAst, transformWithOxc, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The fragments worker is shipped as a URL asset, which Vite copies unminified: point it at the
// package's own minified build (1.4 MB instead of 3.3 MB). Its exports map hides that file.
const fragmentsDir = path.dirname(createRequire(import.meta.url).resolve('@thatopen/fragments'));
const minifiedWorker = path.join(fragmentsDir, 'Worker/worker.min.mjs');

/**
 * Writes `.br` and `.gz` next to every text asset of the build, which the server sends to browsers
 * that accept them (@fastify/static `preCompressed`): the 3D viewer chunk goes from 6 MB to ~1 MB.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'bimdrive-precompress',
    apply: 'build',
    configResolved: (c) => void (outDir = c.build.outDir),
    async closeBundle() {
      const dir = path.resolve(import.meta.dirname, outDir);
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      for (const e of entries) {
        if (!e.isFile() || !/\.(m?js|css|html|svg|json|wasm)$/.test(e.name)) continue;
        const file = path.join(e.parentPath, e.name);
        const bytes = await readFile(file);
        if (bytes.length < 1024) continue;
        await writeFile(`${file}.br`, await br(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
        await writeFile(`${file}.gz`, await gz(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * `FragmentsModels` falls back to `new URL("./Worker/worker.mjs", import.meta.url)` when it is given no
 * worker URL, which makes the build emit the package's unminified 3.3 MB worker next to the minified
 * one the viewer passes (viewer-engine.ts). Point that fallback at the minified file, so one worker is
 * shipped.
 */
function fragmentsWorkerFallback(): Plugin {
  return {
    name: 'bimdrive-fragments-worker-fallback',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('@thatopen/fragments/dist/index.') || !code.includes('./Worker/worker.mjs')) return;
      return { code: code.replaceAll('"./Worker/worker.mjs"', '"./Worker/worker.min.mjs"'), map: null };
    },
  };
}

/**
 * The contracts sources as module ids name them: the real path of the package the web app resolves
 * (node_modules/@bimdrive/contracts), which is this checkout's packages/contracts unless node_modules
 * is shared with another checkout (a git worktree) — then the ids are that checkout's paths.
 */
const CONTRACTS_SRC =
  realpathSync(path.resolve(import.meta.dirname, '../../node_modules/@bimdrive/contracts/src')) + path.sep;

/** Nodes of an ESTree-shaped AST (oxc), as far as `pureContracts` walks them. */
interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is AstNode =>
  typeof v === 'object' && v !== null && typeof (v as AstNode).type === 'string';

/** Starts of the calls in `node` that run when it is evaluated (not those inside functions). */
function callStarts(node: AstNode, into: Set<number>): void {
  if (/Function/.test(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') into.add(node.start);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const v of value) if (isNode(v)) callStarts(v, into);
    if (isNode(value)) callStarts(value, into);
  }
}

/**
 * The shared contracts (packages/contracts) are declarations: zod schemas, constants, pure helpers.
 * The bundler cannot tell that `const X = z.object({ a: Y.optional() })` has no side effects, so a page
 * that uses one constant of a contracts file (`formatFileSize` of files.ts, `Api` through the barrel)
 * would keep every schema of that file and zod itself (~25 KB gzip). Marking the calls in their
 * top-level `const` initialisers `#__PURE__` lets tree-shaking drop the schemas a page does not use.
 * (A contracts statement with a real side effect must not be a `const` initialiser.)
 */
function pureContracts(): Plugin {
  const dir = CONTRACTS_SRC;
  return {
    name: 'bimdrive-pure-contracts',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(dir) || !/\.[cm]?[jt]s$/.test(id)) return;
      const starts = new Set<number>();
      for (const statement of parseAst(code, { lang: 'ts' }, id).body as unknown as AstNode[]) {
        const decl = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (!isNode(decl) || decl.type !== 'VariableDeclaration') continue;
        for (const d of decl.declarations as { init: AstNode | null }[])
          if (d.init) callStarts(d.init, starts);
      }
      if (starts.size === 0) return;
      let out = code;
      for (const at of [...starts].sort((a, b) => b - a))
        out = `${out.slice(0, at)}/*#__PURE__*/ ${out.slice(at)}`;
      return { code: out, map: null };
    },
  };
}

/** Names an AST node refers to (identifiers, except non-computed property names). */
function referencedNames(node: AstNode, into: Set<string>): void {
  if (node.type === 'Identifier') into.add(node.name as string);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'property' && node.type === 'MemberExpression' && !node.computed) continue;
    if (key === 'key' && (node.type === 'Property' || /Definition$/.test(node.type)) && !node.computed)
      continue;
    if (Array.isArray(value)) for (const v of value) if (isNode(v)) referencedNames(v, into);
    if (isNode(value)) referencedNames(value, into);
  }
}

/** Names a top-level declaration statement declares. */
function declaredNames(decl: AstNode): string[] {
  if (decl.type === 'VariableDeclaration')
    return (decl.declarations as { id: AstNode }[]).flatMap((d) =>
      d.id.type === 'Identifier' ? [d.id.name as string] : [],
    );
  const id = decl.id as AstNode | null;
  return id?.type === 'Identifier' ? [id.name as string] : [];
}

const PART = '?contracts-part=';

/**
 * A contracts file mixes cheap constants (`Api`, `PHONE_PATTERN`, `TAB_ID_HEADER`) with zod schemas
 * used by a few screens. A module is evaluated whole, so a page that imports one constant of a file
 * evaluates every schema of it that any chunk keeps, and zod (~25 KB gzip) loads with the sign-in
 * page. In the web build every contracts file is split into one side-effect-free module per top-level
 * declaration (mutually dependent ones stay together) behind a facade that re-exports them: each
 * declaration lands in the chunk of the code that uses it, and zod only where a schema is used.
 * A file with a statement that is not a declaration (or a `let`) is left whole.
 */
function splitContracts(): Plugin {
  const dir = CONTRACTS_SRC;
  type Unit = { code: string; names: string[]; deps: Set<string> };
  type Split = { imports: AstNode[]; source: string; parts: Unit[][]; partOf: Map<string, number> };
  const cache = new Map<string, Promise<Split | null>>();

  async function analyse(file: string): Promise<Split | null> {
    const ts = await readFile(file, 'utf8');
    const source = (await transformWithOxc(ts, file, { lang: 'ts' })).code;
    const body = parseAst(source, { lang: 'js' }, file).body as unknown as AstNode[];
    const imports: AstNode[] = [];
    const units: Unit[] = [];
    for (const st of body) {
      if (st.type === 'ImportDeclaration') {
        imports.push(st);
        continue;
      }
      const exported = st.type === 'ExportNamedDeclaration';
      const decl = exported ? (st.declaration as AstNode | null) : st;
      if (!decl || !/^(VariableDeclaration|FunctionDeclaration|ClassDeclaration)$/.test(decl.type))
        return null;
      if (decl.type === 'VariableDeclaration' && decl.kind !== 'const') return null;
      const names = declaredNames(decl);
      if (names.length === 0) return null;
      const deps = new Set<string>();
      referencedNames(decl, deps);
      const end = decl.end as number;
      units.push({ code: source.slice(decl.start, end), names, deps });
    }
    // Group units that depend on each other (strongly connected, over-approximated by names).
    const local = new Map<string, number>();
    units.forEach((u, i) => u.names.forEach((n) => local.set(n, i)));
    const edges = units.map((u) => [...u.deps].flatMap((n) => (local.has(n) ? [local.get(n)!] : [])));
    const reach = (from: number) => {
      const seen = new Set([from]);
      const todo = [from];
      while (todo.length)
        for (const e of edges[todo.pop()!]!)
          if (!seen.has(e)) {
            seen.add(e);
            todo.push(e);
          }
      return seen;
    };
    const reaches = units.map((_, i) => reach(i));
    const group = units.map((_, i) => units.findIndex((_, j) => reaches[i]!.has(j) && reaches[j]!.has(i)));
    const parts: Unit[][] = [];
    const partOfUnit = new Map<number, number>();
    group.forEach((g, i) => {
      if (!partOfUnit.has(g)) partOfUnit.set(g, parts.push([]) - 1);
      parts[partOfUnit.get(g)!]!.push(units[i]!);
    });
    const partOf = new Map<string, number>();
    parts.forEach((p, i) => p.forEach((u) => u.names.forEach((n) => partOf.set(n, i))));
    return { imports, source, parts, partOf };
  }

  const split = (file: string) => {
    if (!cache.has(file)) cache.set(file, analyse(file));
    return cache.get(file)!;
  };

  return {
    name: 'bimdrive-split-contracts',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const [file, part] = id.split(PART) as [string, string | undefined];
      if (!file.startsWith(dir) || !file.endsWith('.ts') || /\.test\.ts$|index\.ts$/.test(file)) return;
      const s = await split(file);
      if (!s) return;
      if (part === undefined) {
        // The facade: every export from its part.
        const lines = s.parts.map((p, i) => {
          const names = p.flatMap((u) => u.names);
          return `export { ${names.join(', ')} } from ${JSON.stringify(file + PART + i)};`;
        });
        return { code: lines.join('\n'), moduleSideEffects: false };
      }
      const units = s.parts[Number(part)]!;
      const own = new Set(units.flatMap((u) => u.names));
      const deps = new Set(units.flatMap((u) => [...u.deps]));
      const out: string[] = [];
      for (const imp of s.imports) {
        let from = (imp.source as { value: string }).value;
        if (from.startsWith('.')) from = path.resolve(path.dirname(file), from);
        const specs = (imp.specifiers as AstNode[]).filter((sp) =>
          deps.has((sp.local as { name: string }).name),
        );
        if (specs.length === 0) continue;
        const named: string[] = [];
        for (const sp of specs) {
          const localName = (sp.local as { name: string }).name;
          if (sp.type === 'ImportDefaultSpecifier')
            out.push(`import ${localName} from ${JSON.stringify(from)};`);
          else if (sp.type === 'ImportNamespaceSpecifier')
            out.push(`import * as ${localName} from ${JSON.stringify(from)};`);
          else {
            const imported = sp.imported as { name?: string; value?: string };
            named.push(`${imported.name ?? JSON.stringify(imported.value)} as ${localName}`);
          }
        }
        if (named.length) out.push(`import { ${named.join(', ')} } from ${JSON.stringify(from)};`);
      }
      const byPart = new Map<number, string[]>();
      for (const n of deps) {
        const p = s.partOf.get(n);
        if (p === undefined || own.has(n)) continue;
        byPart.set(p, [...(byPart.get(p) ?? []), n]);
      }
      for (const [p, names] of byPart)
        out.push(`import { ${names.join(', ')} } from ${JSON.stringify(file + PART + p)};`);
      for (const u of units) out.push(u.code);
      out.push(`export { ${[...own].join(', ')} };`);
      return { code: out.join('\n'), moduleSideEffects: false };
    },
  };
}

/** Vite config: dev server proxies /api (HTTP and the socket.io hub) to the API on :3000. */
export default defineConfig({
  plugins: [react(), precompress(), fragmentsWorkerFallback(), splitContracts(), pureContracts()],
  resolve: {
    alias: [
      { find: /^@thatopen\/fragments\/worker(?=\?|$)/, replacement: minifiedWorker },
      // The IFC loaders' web-ifc (3.4 MB) is never run in the browser (features/viewer/lib/web-ifc-stub.ts).
      {
        find: /^web-ifc$/,
        replacement: path.resolve(import.meta.dirname, 'src/features/viewer/lib/web-ifc-stub.ts'),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4096,
    // render.html: the snapshot page the thumbnail worker opens in headless Chromium (src/render).
    rolldownOptions: {
      input: { main: 'index.html', render: 'render.html' },
      // The web-ifc stand-in has none of web-ifc's IFC type codes, by design (web-ifc-stub.ts).
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('web-ifc-stub')) return;
        warn(warning);
      },
    },
  },
});
