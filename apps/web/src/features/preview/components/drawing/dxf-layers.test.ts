import { describe, expect, it } from 'vitest';
import { offLayers } from './dxf-layers.ts';

const dxf = (pairs: [string, string][], eol = '\n') => pairs.map(([c, v]) => `${c}${eol}${v}`).join(eol);

describe('offLayers', () => {
  it('answers the layers with a negative colour number', () => {
    const text = dxf(
      [
        ['0', 'SECTION'],
        ['2', 'TABLES'],
        ['0', 'TABLE'],
        ['2', 'LTYPE'],
        ['0', 'LTYPE'],
        ['2', 'CONTINUOUS'],
        ['62', '-1'],
        ['0', 'ENDTAB'],
        ['0', 'TABLE'],
        ['2', 'LAYER'],
        ['0', 'LAYER'],
        ['2', '0'],
        ['62', '7'],
        ['0', 'LAYER'],
        ['2', '墙体 隐藏'],
        ['70', '0'],
        ['62', '-3'],
        ['0', 'LAYER'],
        ['2', 'Frozen'],
        ['70', '1'],
        ['62', '5'],
        ['0', 'ENDTAB'],
        ['0', 'ENDSEC'],
      ],
      '\r\n',
    );
    expect(offLayers(text)).toEqual(['墙体 隐藏']);
  });
  it('answers [] for a DXF without a LAYER table or a cut-off beginning', () => {
    expect(
      offLayers(
        dxf([
          ['0', 'SECTION'],
          ['2', 'ENTITIES'],
          ['0', 'LINE'],
          ['62', '-1'],
        ]),
      ),
    ).toEqual([]);
    expect(offLayers('')).toEqual([]);
    expect(
      offLayers(
        dxf([
          ['0', 'TABLE'],
          ['2', 'LAYER'],
          ['0', 'LAYER'],
          ['2', 'A'],
          ['62', '-2'],
        ]),
      ),
    ).toEqual(['A']);
  });
});
