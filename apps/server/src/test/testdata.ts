/**
 * Where the shared real test files are (`../shared/testdata` next to the repository, see
 * ../shared/testdata/SOURCES.md). `BIMDRIVE_TESTDATA` overrides it; a clone placed elsewhere falls
 * back to the workspace's copy. Throws at import when none exists, naming the places tried.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const candidates = [
  process.env.BIMDRIVE_TESTDATA,
  path.resolve(repoRoot, '../shared/testdata'),
  '/work/shared/testdata',
].filter((c): c is string => Boolean(c));

const found = candidates.find((c) => existsSync(path.join(c, 'ifc/AC20-FZK-Haus.ifc')));
if (!found) throw new Error(`test data not found; set BIMDRIVE_TESTDATA (tried ${candidates.join(', ')})`);

/** Absolute path of the shared test data folder. */
export const TESTDATA: string = found;
