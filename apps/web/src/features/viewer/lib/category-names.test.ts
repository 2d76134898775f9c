/**
 * Every IFC product class of IFC4 and IFC4X3 (web-ifc's schema: the subtypes of IfcProduct) has a
 * name in both languages, so the element tree and the properties never show a raw class such as
 * IFCANNOTATION (issue 13 "element tree labels translated").
 */
import { describe, expect, it } from 'vitest';
import * as WebIFC from 'web-ifc';
import zh from '../locales/zh-CN.json';
import en from '../locales/en-US.json';

const codes = new Map(
  Object.entries(WebIFC)
    .filter((e): e is [string, number] => /^IFC[A-Z0-9]+$/.test(e[0]) && typeof e[1] === 'number')
    .map(([name, code]) => [code, name]),
);
/** web-ifc's schema ids: 2 = IFC4, 3 = IFC4X3. */
const inheritance = WebIFC.InheritanceDef as Record<string, Record<number, number[]>>;

describe('IFC category names', () => {
  for (const [schema, label] of [
    ['2', 'IFC4'],
    ['3', 'IFC4X3'],
  ] as const) {
    it(`names every ${label} product class in zh-CN and en-US`, () => {
      const products = inheritance[schema]![WebIFC.IFCPRODUCT]!.map((c) => codes.get(c)!);
      expect(products.length).toBeGreaterThan(150);
      const categories = [zh.categories, en.categories] as Record<string, string>[];
      for (const names of categories) expect(products.filter((p) => !names[p])).toEqual([]);
    });
  }
});
