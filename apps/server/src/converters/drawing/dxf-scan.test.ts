import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DxfReader } from '@node-projects/acad-ts';
import { TESTDATA } from '../../test/testdata.ts';
import {
  BINARY_DXF_SENTINEL,
  countDxf,
  isUtf8Dxf,
  sniffDrawing,
  withLayers,
  withUtf8CodePage,
} from './dxf-scan.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('sniffDrawing', () => {
  it('recognises a DWG by its version code', () => {
    expect(sniffDrawing(bytes('AC1018\0\0\0\0\0'))).toEqual({ format: 'dwg', version: 'AC1018' });
    expect(sniffDrawing(bytes('AC1009xxxxx'))).toEqual({ format: 'dwg', version: 'AC1009' });
  });
  it('recognises binary and ASCII DXF', () => {
    expect(sniffDrawing(bytes(`${BINARY_DXF_SENTINEL}\0\0`))).toEqual({ format: 'dxf-binary' });
    expect(sniffDrawing(bytes('  0\r\nSECTION\r\n  2\r\nHEADER\r\n'))).toEqual({ format: 'dxf-ascii' });
    expect(sniffDrawing(bytes('\xEF\xBB\xBF999\ncomment\n0\nSECTION\n'))).toEqual({ format: 'dxf-ascii' });
  });
  it('answers unknown for other bytes', () => {
    expect(sniffDrawing(bytes('hello world\nnot a dxf\n'))).toEqual({ format: 'unknown' });
    expect(sniffDrawing(bytes('%PDF-1.7'))).toEqual({ format: 'unknown' });
    expect(sniffDrawing(new Uint8Array())).toEqual({ format: 'unknown' });
  });
});

describe('countDxf', () => {
  const dxf = [
    ['0', 'SECTION'],
    ['2', 'TABLES'],
    ['0', 'TABLE'],
    ['2', 'LTYPE'],
    ['0', 'LTYPE'],
    ['2', 'CONTINUOUS'],
    ['0', 'ENDTAB'],
    ['0', 'TABLE'],
    ['2', 'LAYER'],
    ['0', 'LAYER'],
    ['2', '0'],
    ['0', 'LAYER'],
    ['2', '墙体'],
    ['62', '-5'],
    ['0', 'ENDTAB'],
    ['0', 'ENDSEC'],
    ['0', 'SECTION'],
    ['2', 'ENTITIES'],
    ['0', 'LINE'],
    ['8', '0'],
    ['0', 'POLYLINE'],
    ['0', 'VERTEX'],
    ['0', 'VERTEX'],
    ['0', 'SEQEND'],
    ['0', 'TEXT'],
    ['1', '中文'],
    ['0', 'LINE'],
    ['67', '1'],
    ['0', 'ENDSEC'],
    ['0', 'EOF'],
  ]
    .map(([c, v]) => `  ${c}\r\n${v}`)
    .join('\r\n');

  it('counts model and paper entities, sub-entities in their owner, and layers', () => {
    expect(countDxf(dxf)).toEqual({
      modelEntities: 3,
      paperEntities: 1,
      layers: 2,
      layerNames: ['0', '墙体'],
      types: { LINE: 1, POLYLINE: 1, TEXT: 1 },
      offLayers: ['墙体'],
    });
  });
  it('answers zeros for an empty text', () => {
    expect(countDxf('')).toEqual({
      modelEntities: 0,
      paperEntities: 0,
      layers: 0,
      layerNames: [],
      types: {},
      offLayers: [],
    });
  });
});

describe('UTF-8 DXF text', () => {
  const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
  const gbk = new Uint8Array([
    0x30, 0x0a, 0x54, 0x45, 0x58, 0x54, 0x0a, 0x31, 0x0a, 0xd6, 0xd0, 0xce, 0xc4, 0x0a,
  ]);
  it('tells UTF-8 text by version or by its bytes', () => {
    expect(isUtf8Dxf(utf8('0\nSECTION\n2\nHEADER\n9\n$ACADVER\n1\nAC1027\n0\nENDSEC\n'))).toBe(true);
    expect(isUtf8Dxf(utf8('0\nSECTION\n2\nHEADER\n9\n$ACADVER\n1\nAC1018\n0\nENDSEC\n'))).toBe(false);
    expect(isUtf8Dxf(utf8('0\nTEXT\n1\n中文\n'))).toBe(true);
    expect(isUtf8Dxf(gbk)).toBe(false);
  });
  it('sets $DWGCODEPAGE to UTF-8: replaced, added to the header, or in a header of its own', () => {
    const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
    expect(
      text(withUtf8CodePage(utf8('0\nSECTION\n2\nHEADER\n9\n$DWGCODEPAGE\n3\nANSI_936\n0\nENDSEC\n'))),
    ).toBe('0\nSECTION\n2\nHEADER\n9\n$DWGCODEPAGE\n3\nUTF-8\n0\nENDSEC\n');
    expect(text(withUtf8CodePage(utf8('  0\r\nSECTION\r\n  2\r\nHEADER\r\n  0\r\nENDSEC\r\n')))).toBe(
      '  0\r\nSECTION\r\n  2\r\nHEADER\r\n  9\r\n$DWGCODEPAGE\r\n  3\r\nUTF-8\r\n  0\r\nENDSEC\r\n',
    );
    expect(text(withUtf8CodePage(utf8('0\nSECTION\n2\nENTITIES\n0\nTEXT\n1\n中文\n0\nENDSEC\n')))).toBe(
      '  0\nSECTION\n  2\nHEADER\n  9\n$DWGCODEPAGE\n  3\nUTF-8\n  0\nENDSEC\n0\nSECTION\n2\nENTITIES\n0\nTEXT\n1\n中文\n0\nENDSEC\n',
    );
  });
});

describe('withLayers', () => {
  const layersOf = (text: string) =>
    [...DxfReader.readFromStream(withUtf8CodePage(new Uint8Array(Buffer.from(text, 'utf8')))).layers!].map(
      (l) => l.name,
    );
  const entities =
    '0\nSECTION\n2\nENTITIES\n0\nLINE\n8\n墙体\n10\n0\n20\n0\n11\n1\n21\n1\n0\nENDSEC\n0\nEOF\n';

  it('adds a TABLES section before the entities of a DXF that has none (testdata polylines.dxf)', async () => {
    const text = await readFile(path.join(TESTDATA, 'dxf/polylines.dxf'), 'utf8');
    const before = countDxf(text);
    const used = layersOf(text).filter((n) => !before.layerNames.includes(n));
    expect(used.length).toBeGreaterThan(1);
    const mended = withLayers(text, used)!;
    const after = countDxf(mended);
    expect(after.layerNames).toEqual(used);
    expect(after.modelEntities).toBe(before.modelEntities);
    expect(after.types).toEqual(before.types);
    expect(mended.endsWith(text.slice(text.indexOf('ENTITIES')))).toBe(true);
    expect(layersOf(mended).sort()).toEqual(layersOf(text).sort());
  });
  it('adds entries at the end of an existing LAYER table, or a LAYER table to a TABLES section', () => {
    const withTable =
      '0\nSECTION\n2\nTABLES\n0\nTABLE\n2\nLTYPE\n0\nENDTAB\n0\nTABLE\n2\nLAYER\n0\nLAYER\n2\n0\n70\n0\n0\nENDTAB\n0\nENDSEC\n' +
      entities;
    const mended = withLayers(withTable, ['墙体'])!;
    expect(countDxf(mended).layerNames).toEqual(['0', '墙体']);
    expect(mended.indexOf('墙体')).toBeLessThan(mended.indexOf('ENDTAB', mended.indexOf('2\nLAYER')));
    const noLayerTable = '0\nSECTION\n2\nTABLES\n0\nTABLE\n2\nLTYPE\n0\nENDTAB\n0\nENDSEC\n' + entities;
    expect(countDxf(withLayers(noLayerTable, ['墙体'])!).layerNames).toEqual(['墙体']);
    expect(layersOf(withLayers(noLayerTable, ['墙体'])!)).toContain('墙体');
  });
  it('keeps CR LF line ends, changes nothing without names, and answers null without a place', () => {
    const crlf = entities.replaceAll('\n', '\r\n');
    const mended = withLayers(crlf, ['墙体'])!;
    expect(mended.replaceAll('\r\n', '')).not.toContain('\n');
    expect(countDxf(mended).layerNames).toEqual(['墙体']);
    expect(withLayers(entities, [])).toBe(entities);
    expect(withLayers('0\nEOF\n', ['墙体'])).toBeNull();
  });
});
