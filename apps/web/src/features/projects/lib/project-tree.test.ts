import type { ProjectTreeNodeValue } from '@bimdrive/contracts';
import { describe, expect, it } from 'vitest';
import { ancestorsOf, scopeOfPath } from './project-tree.ts';

const node = (iuid: string, children: ProjectTreeNodeValue[] = []): ProjectTreeNodeValue => ({
  iuid,
  fileName: iuid,
  filePath: '',
  turnPath: '',
  fileType: 1,
  fileSuffix: '',
  children,
});

describe('scopeOfPath (001 §2 project group)', () => {
  it('maps the five routes to their scope', () => {
    expect(scopeOfPath('/lately')).toBe('lately');
    expect(scopeOfPath('/all/')).toBe('all');
    expect(scopeOfPath('/myCollectionProject')).toBe('myCollectionProject');
  });
  it('answers null for other paths', () => {
    expect(scopeOfPath('/projectFile')).toBeNull();
    expect(scopeOfPath('/myCollection')).toBeNull();
    expect(scopeOfPath('/')).toBeNull();
  });
});

describe('ancestorsOf (project file tree)', () => {
  const tree = [node('a', [node('a1', [node('a1x')]), node('a2')]), node('b')];
  it('lists the folders above a nested node, top first', () => {
    expect(ancestorsOf(tree, 'a1x')).toEqual(['a', 'a1']);
    expect(ancestorsOf(tree, 'a2')).toEqual(['a']);
  });
  it('answers [] at the top level and null when absent', () => {
    expect(ancestorsOf(tree, 'b')).toEqual([]);
    expect(ancestorsOf(tree, 'zz')).toBeNull();
  });
});
