import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TESTDATA } from '../../../../../../server/src/test/testdata.ts';
import { layoutNames, paperToModel, readLayout } from './dxf-layouts.ts';
const sample = readFileSync(path.join(TESTDATA, 'dxf/sample_AC1018_ascii.dxf'), 'latin1');

describe('DXF layouts (issue 13: paper space)', () => {
  it('lists the paper-space layouts in tab order', () => {
    expect(layoutNames(sample)).toEqual(['Layout1', 'Layout2', 'MyLayout']);
  });

  it('reads the active layout from ENTITIES: sheet limits and one model viewport (the sheet viewport left out)', () => {
    const l = readLayout(sample, 'MyLayout')!;
    expect(l.limits.minX).toBeCloseTo(-0.1667, 3);
    expect(l.limits.maxX).toBeCloseTo(11.526, 3);
    expect(l.limits.maxY).toBeCloseTo(8.101, 3);
    expect(l.viewports).toHaveLength(1);
    const vp = l.viewports[0]!;
    expect(vp.center.x).toBeCloseTo(5.68, 2);
    expect(vp.width).toBeCloseTo(9.088, 3);
    expect(vp.viewCenter).toEqual({ x: 6, y: 4.5 });
    expect(vp.viewHeight).toBeCloseTo(9.1089, 3);
    // The viewport's centre shows its view centre; its top edge shows viewHeight / 2 above it.
    expect(paperToModel(vp, vp.center)).toEqual(vp.viewCenter);
    expect(paperToModel(vp, { x: vp.center.x, y: vp.center.y + vp.height / 2 }).y).toBeCloseTo(
      4.5 + 9.1089 / 2,
      3,
    );
  });

  it('reads another layout from its *Paper_Space block', () => {
    const l = readLayout(sample, 'Layout2')!;
    expect(l.viewports).toHaveLength(1);
    expect(l.viewports[0]!.width).toBeCloseTo(8.4, 3);
  });

  it('makes a DXF of the layout alone: no model-space entity is left in its ENTITIES section', () => {
    const l = readLayout(sample, 'MyLayout')!;
    expect(l.paperEntities).toBe(0);
    const start = l.paperDxf.indexOf('ENTITIES');
    const body = l.paperDxf.slice(start + 'ENTITIES'.length, l.paperDxf.indexOf('ENDSEC', start));
    expect(start).toBeGreaterThan(0);
    expect(body.trim()).toBe('0');
    // Tables, blocks and objects are kept.
    expect(l.paperDxf).toContain('BLOCK_RECORD');
    expect(l.paperDxf.length).toBeLessThan(sample.length);
    expect(l.paperDxf.length).toBeGreaterThan(sample.length / 10);
  });

  it('answers null for a layout the drawing does not have', () => {
    expect(readLayout(sample, 'Nope')).toBeNull();
  });
});
