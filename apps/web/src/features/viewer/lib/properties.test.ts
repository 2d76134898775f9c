import { describe, expect, it } from 'vitest';
import type { ItemData } from '@thatopen/fragments';
import { definingIds, elementAttributes, formatValue, glbGroups, propertyGroups } from './properties.ts';

// Shapes as returned by FragmentsModel.getItemsData for AC20-FZK-Haus (see model-data.ts).
const wall: ItemData = {
  _category: { value: 'IFCWALLSTANDARDCASE' },
  _localId: { value: 15042 },
  _guid: { value: '2XPyKWY018sA1ygZKgQPtU' },
  Tag: { value: 'BC6F0F70', type: 'IFCIDENTIFIER' },
  Name: { value: 'Wand-Int-ERDG-4', type: 'IFCLABEL' },
  Description: { value: null },
  IsDefinedBy: [
    { _category: { value: 'IFCWALLTYPE' }, _localId: { value: 15234 }, Name: { value: 'Leichtbeton 240' } },
    {
      _category: { value: 'IFCPROPERTYSET' },
      _localId: { value: 15079 },
      Name: { value: 'Pset_WallCommon' },
    },
  ],
  ContainedInStructure: [
    { _category: { value: 'IFCBUILDINGSTOREY' }, _localId: { value: 479 }, Name: { value: 'Erdgeschoss' } },
  ],
};

describe('properties', () => {
  it('lists the attributes with Name, GlobalId, Category first, then type and storey', () => {
    const rows = elementAttributes(wall);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Name', 'Wand-Int-ERDG-4'],
      ['GlobalId', '2XPyKWY018sA1ygZKgQPtU'],
      ['Category', 'IFCWALLSTANDARDCASE'],
      ['Tag', 'BC6F0F70'],
      ['Type', 'Leichtbeton 240'],
      ['ContainedIn', 'Erdgeschoss'],
    ]);
  });

  it('finds the defining sets', () => {
    expect(definingIds(wall)).toEqual([15234, 15079]);
  });

  it('turns property and quantity sets into groups, skipping empty ones and repeats', () => {
    const pset: ItemData = {
      _category: { value: 'IFCPROPERTYSET' },
      _localId: { value: 15079 },
      Name: { value: 'Pset_WallCommon' },
      HasProperties: [
        {
          _category: { value: 'IFCPROPERTYSINGLEVALUE' },
          Name: { value: 'ThermalTransmittance' },
          NominalValue: { value: 1.5 },
        },
        {
          _category: { value: 'IFCPROPERTYSINGLEVALUE' },
          Name: { value: 'IsExternal' },
          NominalValue: { value: false },
        },
        {
          _category: { value: 'IFCPROPERTYBOUNDEDVALUE' },
          Name: { value: 'Range' },
          LowerBoundValue: { value: 1 },
          UpperBoundValue: { value: 2 },
        },
      ],
    };
    const qset: ItemData = {
      _category: { value: 'IFCELEMENTQUANTITY' },
      _localId: { value: 15169 },
      Name: { value: 'BaseQuantities' },
      Quantities: [
        {
          _category: { value: 'IFCQUANTITYVOLUME' },
          Name: { value: 'NetVolume' },
          VolumeValue: { value: 2.496240001 },
        },
      ],
    };
    const type: ItemData = {
      _category: { value: 'IFCWALLTYPE' },
      _localId: { value: 15234 },
      HasPropertySets: [
        {
          _category: { value: 'IFCPROPERTYSET' },
          _localId: { value: 9 },
          Name: { value: 'TypeSet' },
          HasProperties: [{ Name: { value: 'A' }, NominalValue: { value: 'x' } }],
        },
      ],
    };
    const empty: ItemData = {
      _category: { value: 'IFCPROPERTYSET' },
      _localId: { value: 3 },
      Name: { value: 'Empty' },
    };
    const groups = propertyGroups([type, pset, qset, empty, pset]);
    expect(groups.map((g) => g.title)).toEqual(['TypeSet', 'Pset_WallCommon', 'BaseQuantities']);
    expect(groups[1]!.rows.map((r) => [r.label, r.value])).toEqual([
      ['ThermalTransmittance', '1.5'],
      ['IsExternal', 'FALSE'],
      ['Range', '1 – 2'],
    ]);
    expect(groups[2]!.rows[0]).toMatchObject({ label: 'NetVolume', value: '2.49624' });
  });

  it('formats values', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue('')).toBe('—');
    expect(formatValue(3)).toBe('3');
    expect(formatValue(0.1 + 0.2)).toBe('0.3');
    expect(formatValue([{ value: 'A' }, 'B'])).toBe('A, B');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
  });

  it('describes a GLB node', () => {
    const labels = {
      mesh: '网格',
      userData: '自定义数据',
      name: '名称',
      type: '类型',
      vertices: '顶点数',
      triangles: '三角面数',
      materials: '材质',
    };
    const groups = glbGroups(
      { name: 'Box', type: 'Mesh', vertices: 24, triangles: 12, materials: ['Texture'], userData: { id: 7 } },
      labels,
    );
    expect(groups.map((g) => g.title)).toEqual(['网格', '自定义数据']);
    expect(groups[0]!.rows.map((r) => r.value)).toEqual(['Box', 'Mesh', '24', '12', 'Texture']);
    expect(groups[1]!.rows).toEqual([{ key: 'id', label: 'id', value: '7' }]);
    expect(
      glbGroups({ name: '', type: 'Group', vertices: 0, triangles: 0, materials: [], userData: {} }, labels),
    ).toHaveLength(1);
  });
});
