/** Reference parsing of multi-file models (model-references.ts; issue 13 "multi-file models"). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TESTDATA } from '../test/testdata.ts';
import {
  gltfReferences,
  missingReason,
  mtllibNames,
  mtlTextureLine,
  mtlTextures,
  objMaterialLibraries,
  referenceName,
  rewriteMtl,
} from './model-references.ts';

describe('referenceName', () => {
  it('keeps only the file name of a path, whatever its separators', () => {
    expect(referenceName('scene.bin')).toBe('scene.bin');
    expect(referenceName('.\\wal67ar_small.jpg')).toBe('wal67ar_small.jpg');
    expect(referenceName('textures/wood%20dark.png')).toBe('wood dark.png');
    expect(referenceName('C:\\models\\a.png')).toBe('a.png');
    expect(referenceName('../../etc/passwd')).toBe('passwd');
  });
  it('answers null for data URIs and empty or dot names', () => {
    expect(referenceName('data:application/octet-stream;base64,AAAA')).toBeNull();
    expect(referenceName('   ')).toBeNull();
    expect(referenceName('..')).toBeNull();
    expect(referenceName('a/')).toBe('a');
  });
  it('keeps a name that is not valid percent-encoding as written', () => {
    expect(referenceName('100%.png')).toBe('100%.png');
  });
});

describe('gltfReferences', () => {
  it('lists the buffer and the image of the BoxTextured sample', async () => {
    const json = JSON.parse(
      await readFile(path.join(TESTDATA, 'gltf/BoxTextured-separate/BoxTextured.gltf'), 'utf8'),
    ) as unknown;
    expect(gltfReferences(json)).toEqual([
      { uri: 'BoxTextured0.bin', name: 'BoxTextured0.bin', kind: 'buffer' },
      { uri: 'CesiumLogoFlat.png', name: 'CesiumLogoFlat.png', kind: 'image' },
    ]);
  });
  it('skips data URIs, buffer-view images and odd members', () => {
    expect(
      gltfReferences({
        buffers: [{ uri: 'data:application/octet-stream;base64,AA==' }, { byteLength: 4 }],
        images: [{ bufferView: 0 }, { uri: 'sub/dir/t%C3%BC.png' }, null, { uri: 7 }],
      }),
    ).toEqual([{ uri: 'sub/dir/t%C3%BC.png', name: 'tü.png', kind: 'image' }]);
    expect(gltfReferences(null)).toEqual([]);
    expect(gltfReferences({ buffers: 'x' })).toEqual([]);
  });
});

describe('OBJ mtllib', () => {
  it('reads the spider’s material library', async () => {
    const text = await readFile(path.join(TESTDATA, 'obj/spider/spider.obj'), 'utf8');
    expect(objMaterialLibraries(text)).toEqual(['spider.mtl']);
  });
  it('an OBJ without mtllib names none', async () => {
    const text = await readFile(path.join(TESTDATA, 'obj/WusonOBJ.obj'), 'utf8');
    expect(objMaterialLibraries(text)).toEqual([]);
  });
  it('splits several .mtl names, keeps a name with spaces whole, dedupes case-insensitively', () => {
    expect(mtllibNames('a.mtl b.MTL')).toEqual(['a.mtl', 'b.MTL']);
    expect(mtllibNames('my model.mtl')).toEqual(['my model.mtl']);
    expect(objMaterialLibraries('mtllib A.mtl\r\nv 0 0 0\n  mtllib a.mtl dir\\b.mtl\n')).toEqual([
      'A.mtl',
      'b.mtl',
    ]);
  });
});

describe('MTL texture maps', () => {
  it('reads the spider’s five textures from Windows-style paths', async () => {
    const text = await readFile(path.join(TESTDATA, 'obj/spider/spider.mtl'), 'utf8');
    expect(mtlTextures(text)).toEqual([
      'wal67ar_small.jpg',
      'wal69ar_small.jpg',
      'SpiderTex.jpg',
      'drkwood2.jpg',
      'engineflare1.jpg',
    ]);
    const rewritten = rewriteMtl(text);
    expect(rewritten).toContain('map_Kd wal67ar_small.jpg');
    expect(rewritten).not.toContain('.\\');
    expect(rewritten).toContain('Kd 0.827451 0.792157 0.772549');
  });
  it('skips options and keeps them when rewriting', () => {
    expect(mtlTextureLine('map_Kd -s 1 1 1 -o 0 0 -bm 0.5 tex/wood grain.png')).toEqual({
      keyword: 'map_Kd',
      options: '-s 1 1 1 -o 0 0 -bm 0.5',
      name: 'wood grain.png',
    });
    expect(mtlTextureLine('bump -clamp on C:\\maps\\n.tga')).toEqual({
      keyword: 'bump',
      options: '-clamp on',
      name: 'n.tga',
    });
    expect(mtlTextureLine('Kd 1 0 0')).toBeNull();
    expect(rewriteMtl('map_Ka -o 1 ..\\x\\a.png\r\nNs 10')).toBe('map_Ka -o 1 a.png\r\nNs 10');
  });
});

describe('missingReason', () => {
  it('names every missing file, at most ten', () => {
    expect(missingReason(['scene.bin'])).toBe('缺少引用文件 scene.bin');
    expect(missingReason(['a.bin', 'b.png'])).toBe('缺少引用文件 a.bin、b.png');
    const many = Array.from({ length: 12 }, (_, i) => `t${i}.png`);
    expect(missingReason(many)).toMatch(/^缺少引用文件 t0\.png、.*t9\.png 等 12 个文件$/);
  });
});
