/**
 * Multi-file models through the real pipeline (issue 13 "multi-file models"; 001 §4 statuses): the
 * glTF sample with its .bin and PNG and the spider OBJ with its .mtl and five JPEGs, uploaded together
 * into one folder, end 转换完成 as one self-contained GLB (textures embedded, MTL colours kept); a
 * missing companion is named in the reason and, once uploaded, the model converts; files of another
 * folder or another user with the same names are never read.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { Api, type FileRowValue, type PreviewInfoValue } from '@bimdrive/contracts';
import { call, TESTDATA, testDbKind, uploadTestFile, waitForStatus } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

const GLTF_DIR = 'gltf/BoxTextured-separate';
const GLTF_FILES = ['BoxTextured.gltf', 'BoxTextured0.bin', 'CesiumLogoFlat.png'];
const SPIDER_DIR = 'obj/spider';
const SPIDER_FILES = [
  'spider.obj',
  'spider.mtl',
  'SpiderTex.jpg',
  'drkwood2.jpg',
  'engineflare1.jpg',
  'wal67ar_small.jpg',
  'wal69ar_small.jpg',
];

describe(`multi-file models (${testDbKind})`, () => {
  const [t, u, other] = useTestApp({ users: ['测试用户', '别人'] });

  const folder = async (name: string, token = u.token) =>
    (
      await call<FileRowValue>(t, 'POST', Api.folderAdd, {
        token,
        body: { parentIUID: '', fileName: name },
      })
    ).body.data.iuid;

  /**
   * Upload files of one test-data folder into `folderId` together, three at a time (the transfer
   * panel's concurrency; more answer 429); ids by file name.
   */
  const uploadTogether = async (dir: string, names: string[], folderId: string, token = u.token) => {
    const ids = new Map<string, string>();
    for (let i = 0; i < names.length; i += 3)
      await Promise.all(
        names
          .slice(i, i + 3)
          .map(async (n) => ids.set(n, await uploadTestFile(t, token, `${dir}/${n}`, folderId))),
      );
    return ids;
  };

  /** The derived GLB of a converted file, read by glTF-Transform (throws on any external URI). */
  const derivedGlb = async (iuid: string): Promise<{ doc: Document; bytes: Uint8Array }> => {
    const info = (
      await call<PreviewInfoValue>(t, 'GET', Api.preview, { token: u.token, query: { IUID: iuid } })
    ).body.data;
    expect(info.previewKind).toBe('glb');
    const res = await fetch(`${t.baseUrl}${info.viewUrl}`);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const doc = await new NodeIO().registerExtensions(ALL_EXTENSIONS).readBinary(bytes);
    return { doc, bytes };
  };

  const triangles = (doc: Document) =>
    doc
      .getRoot()
      .listMeshes()
      .flatMap((m) => m.listPrimitives())
      .reduce((n, p) => n + (p.getIndices()?.getCount() ?? p.getAttribute('POSITION')!.getCount()) / 3, 0);

  it('a .gltf with its .bin and PNG, uploaded together into a folder, becomes one GLB with the image inside', async () => {
    const dir = await folder('BoxTextured-separate');
    const ids = await uploadTogether(GLTF_DIR, GLTF_FILES, dir);
    const gltf = ids.get('BoxTextured.gltf')!;
    const row = await waitForStatus(t, u.token, gltf, [3]);
    expect(row.statusMsg).toBe('');
    const { doc, bytes } = await derivedGlb(gltf);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('glTF');
    // The sample's unit cube: 1 mesh, 12 triangles, one texture embedded as PNG bytes.
    expect(doc.getRoot().listMeshes()).toHaveLength(1);
    expect(triangles(doc)).toBe(12);
    const textures = doc.getRoot().listTextures();
    expect(textures).toHaveLength(1);
    expect(textures[0]!.getMimeType()).toBe('image/png');
    const png = await readFile(path.join(TESTDATA, GLTF_DIR, 'CesiumLogoFlat.png'));
    expect(Buffer.from(textures[0]!.getImage()!).equals(png)).toBe(true);
    expect(
      doc
        .getRoot()
        .listBuffers()
        .every((b) => !b.getURI()),
    ).toBe(true);
    expect(doc.getRoot().listMaterials()[0]!.getBaseColorTexture()).toBe(textures[0]);
  });

  it('an OBJ with its .mtl and textures keeps the MTL colours and embeds every texture', async () => {
    const dir = await folder('spider');
    const ids = await uploadTogether(SPIDER_DIR, SPIDER_FILES, dir);
    const obj = ids.get('spider.obj')!;
    expect((await waitForStatus(t, u.token, obj, [3])).statusMsg).toBe('');
    const { doc } = await derivedGlb(obj);
    expect(triangles(doc)).toBe(1368);
    // Every Kd of the MTL is the base colour of the material of that name.
    const mtl = await readFile(path.join(TESTDATA, SPIDER_DIR, 'spider.mtl'), 'utf8');
    const kd = new Map(
      [...mtl.matchAll(/newmtl (\S+)[\s\S]*?\nKd (\S+) (\S+) (\S+)/g)].map((m) => [
        m[1]!,
        [Number(m[2]), Number(m[3]), Number(m[4])],
      ]),
    );
    expect(kd.size).toBe(5);
    const materials = new Map(
      doc
        .getRoot()
        .listMaterials()
        .map((m) => [m.getName(), m]),
    );
    for (const [name, rgb] of kd) {
      const factor = materials.get(name)?.getBaseColorFactor();
      expect(factor, name).toBeDefined();
      for (let i = 0; i < 3; i++) expect(factor![i]).toBeCloseTo(rgb[i]!, 5);
    }
    // The five JPEGs are inside, each textured on the material the MTL maps it to.
    const textures = doc.getRoot().listTextures();
    expect(textures).toHaveLength(5);
    expect(
      textures.every((x) => x.getMimeType() === 'image/jpeg' && (x.getImage()?.byteLength ?? 0) > 1000),
    ).toBe(true);
    const skin = materials.get('Skin')!.getBaseColorTexture()!.getImage()!;
    const wal67 = await readFile(path.join(TESTDATA, SPIDER_DIR, 'wal67ar_small.jpg'));
    expect(Buffer.from(skin).equals(wal67)).toBe(true);
  });

  it('a missing companion is named in the reason; once uploaded beside the model, it converts', async () => {
    const dir = await folder('分批上传');
    const gltf = await uploadTestFile(t, u.token, `${GLTF_DIR}/BoxTextured.gltf`, dir);
    const first = await waitForStatus(t, u.token, gltf);
    expect(first.statusType).toBe(4);
    expect(first.statusMsg).toBe('缺少引用文件 BoxTextured0.bin、CesiumLogoFlat.png');
    expect(first.statusMsg).not.toMatch(/exit/);

    // The .bin arrives: the model is queued again and now waits for the PNG only.
    await uploadTestFile(t, u.token, `${GLTF_DIR}/BoxTextured0.bin`, dir);
    const until = Date.now() + 60_000;
    let row = first;
    while (row.statusMsg !== '缺少引用文件 CesiumLogoFlat.png' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
      row = (await call<FileRowValue>(t, 'GET', Api.fileInfo, { token: u.token, query: { IUID: gltf } })).body
        .data;
    }
    expect(row).toMatchObject({ statusType: 4, statusMsg: '缺少引用文件 CesiumLogoFlat.png' });

    await uploadTestFile(t, u.token, `${GLTF_DIR}/CesiumLogoFlat.png`, dir);
    expect((await waitForStatus(t, u.token, gltf, [3])).statusType).toBe(3);

    // An OBJ without its .mtl names it (never an exit code).
    const lone = await folder('只有 OBJ');
    const obj = await uploadTestFile(t, u.token, `${SPIDER_DIR}/spider.obj`, lone);
    expect(await waitForStatus(t, u.token, obj)).toMatchObject({
      statusType: 4,
      statusMsg: '缺少引用文件 spider.mtl',
    });
  });

  it('never reads files of another folder or another user with the same names', async () => {
    // Another user keeps every companion, in their root and in a folder of the same name.
    const theirs = await folder('BoxTextured-separate', other.token);
    await uploadTogether(GLTF_DIR, GLTF_FILES.slice(1), theirs, other.token);
    await uploadTogether(GLTF_DIR, GLTF_FILES.slice(1), '', other.token);
    // The caller keeps them in a sibling folder, not beside the model.
    const mine = await folder('companions-elsewhere');
    await uploadTogether(GLTF_DIR, GLTF_FILES.slice(1), mine);
    for (const where of ['', await folder('model-alone')]) {
      const gltf = await uploadTestFile(t, u.token, `${GLTF_DIR}/BoxTextured.gltf`, where);
      const row = await waitForStatus(t, u.token, gltf);
      expect(row).toMatchObject({
        statusType: 4,
        statusMsg: '缺少引用文件 BoxTextured0.bin、CesiumLogoFlat.png',
      });
    }
  });
});
