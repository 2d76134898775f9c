import { describe, expect, it } from 'vitest';
import type { SpatialTreeItem } from '@thatopen/fragments';
import {
  buildObjectTree,
  buildSpatialTree,
  collectLocalIds,
  itemIdsUnder,
  pathTo,
  topKeys,
  type ItemLabel,
} from './spatial-tree.ts';

// Shape of FragmentsModel.getSpatialStructure() for AC20-FZK-Haus: category groups (localId null)
// alternate with items.
const tree: SpatialTreeItem = {
  category: 'IFCPROJECT',
  localId: null,
  children: [
    {
      category: null,
      localId: 66,
      children: [
        {
          category: 'IFCSITE',
          localId: null,
          children: [
            {
              category: null,
              localId: 389,
              children: [
                {
                  category: 'IFCBUILDINGSTOREY',
                  localId: null,
                  children: [
                    {
                      category: null,
                      localId: 479,
                      children: [
                        {
                          category: 'IFCWALLSTANDARDCASE',
                          localId: null,
                          children: [
                            { category: null, localId: 15042 },
                            { category: null, localId: 17040 },
                          ],
                        },
                      ],
                    },
                    { category: null, localId: 35065, children: [] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const labels = new Map<number, ItemLabel>([
  [66, { name: 'Projekt-200', category: 'IFCPROJECT' }],
  [389, { name: null, category: 'IFCSITE' }],
  [479, { name: 'Erdgeschoss', category: 'IFCBUILDINGSTOREY' }],
  [35065, { name: 'Dachgeschoss', category: 'IFCBUILDINGSTOREY' }],
  [15042, { name: 'Wand-Int-ERDG-4', category: 'IFCWALLSTANDARDCASE' }],
  [17040, { name: '  ', category: 'IFCWALLSTANDARDCASE' }],
]);
const cat = (c: string) => ({ IFCWALLSTANDARDCASE: '墙', IFCBUILDINGSTOREY: '楼层' })[c] ?? c;

describe('spatial tree', () => {
  it('collects every item id depth first', () => {
    expect(collectLocalIds(tree)).toEqual([66, 389, 479, 15042, 17040, 35065]);
  });

  it('flattens spatial levels, groups element categories with counts, labels by name or category', () => {
    const nodes = buildSpatialTree(tree, labels, cat);
    expect(nodes).toHaveLength(1);
    const project = nodes[0]!;
    expect(project).toMatchObject({ key: 'f:66', title: 'Projekt-200', category: 'IFCPROJECT' });
    const site = project.children![0]!;
    expect(site).toMatchObject({ key: 'f:389', title: 'IFCSITE' });
    const storeys = site.children!;
    expect(storeys.map((s) => s.title)).toEqual(['Erdgeschoss', 'Dachgeschoss']);
    expect(storeys[1]!.children).toBeUndefined();
    const walls = storeys[0]!.children![0]!;
    expect(walls).toMatchObject({ key: 'c:f:479/IFCWALLSTANDARDCASE', title: '墙', count: 2 });
    expect(walls.children!.map((w) => [w.key, w.title, w.category])).toEqual([
      ['f:15042', 'Wand-Int-ERDG-4', '墙'],
      ['f:17040', '墙', '墙'],
    ]);
  });

  it('falls back to #localId without labels', () => {
    const nodes = buildSpatialTree({ category: null, localId: 7 }, new Map(), cat);
    expect(nodes).toEqual([{ key: 'f:7', title: '#7' }]);
  });

  it('finds the path to a key and the first levels', () => {
    const nodes = buildSpatialTree(tree, labels, cat);
    expect(pathTo(nodes, 'f:17040')).toEqual([
      'f:66',
      'f:389',
      'f:479',
      'c:f:479/IFCWALLSTANDARDCASE',
      'f:17040',
    ]);
    expect(pathTo(nodes, 'f:1')).toEqual([]);
    expect(topKeys(nodes, 3)).toEqual(['f:66', 'f:389', 'f:479']);
    expect(itemIdsUnder(nodes, 'f:479')).toEqual([479, 15042, 17040]);
    expect(itemIdsUnder(nodes, 'c:f:479/IFCWALLSTANDARDCASE')).toEqual([15042, 17040]);
    expect(itemIdsUnder(nodes, 'nope')).toEqual([]);
  });

  it('lists GLB nodes by name, skipping an unnamed root', () => {
    const scene = {
      uuid: 'r',
      name: '',
      type: 'Group',
      children: [
        { uuid: 'a', name: 'Mesh', type: 'Mesh', children: [] },
        { uuid: 'b', name: '', type: 'Mesh', children: [] },
      ],
    };
    expect(buildObjectTree(scene, (t) => `<${t}>`)).toEqual([
      { key: 'g:a', title: 'Mesh', category: '<Mesh>' },
      { key: 'g:b', title: '<Mesh>', category: '<Mesh>' },
    ]);
  });
});
