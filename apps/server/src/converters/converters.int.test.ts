/**
 * Every IFC, GLB, OBJ, FBX, STL and 3DS file of ../shared/testdata through convertFile, with the
 * derived output checked: IFC fragments hold every element web-ifc finds geometry for (matched by
 * GlobalId), the spatial tree and property sets; meshes keep their triangle counts (checked against
 * the source file's own counts) and bounding boxes; an IFC model's first-frame preview GLB keeps
 * web-ifc's extent. Bad input fails with a readable reason.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { NodeIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { getBounds } from '@gltf-transform/functions';
import { MeshoptDecoder } from 'meshoptimizer';
import { SingleThreadedFragmentsModel } from '@thatopen/fragments';
import * as WebIFC from 'web-ifc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTDATA } from '../test/harness.ts';
import { convertFile, type ConvertResult } from './convert-file.ts';
import { splitCommand } from './external.ts';
import { readGlb } from './glb-info.ts';
import { limitReason } from './run-isolated.ts';
import { buildModelPreview } from './model-preview.ts';

const WORK = path.join(tmpdir(), `bimdrive-converters-${process.pid}`);
const limits = { timeoutMs: 120_000, memoryMb: 3072 };
let ifcApi: WebIFC.IfcAPI;

beforeAll(async () => {
  ifcApi = new WebIFC.IfcAPI();
  ifcApi.SetWasmPath(`${path.dirname(import.meta.resolve('web-ifc').replace('file://', ''))}/`, true);
  await ifcApi.Init();
  ifcApi.SetLogLevel(WebIFC.LogLevel.LOG_LEVEL_OFF);
});
afterAll(async () => rm(WORK, { recursive: true, force: true }));

async function convert(
  rel: string,
  inputPath = path.join(TESTDATA, rel),
  extra: Partial<typeof limits> = {},
) {
  const suffix = path.extname(rel).slice(1).toLowerCase();
  return convertFile({
    inputPath,
    suffix,
    outputDir: path.join(WORK, rel.replace(/\W/g, '_')),
    ...limits,
    ...extra,
  });
}

function okOf(r: ConvertResult) {
  if (!r.ok) throw new Error(`conversion failed: ${r.reason}`);
  return r;
}

/** GlobalIds of the elements web-ifc streams meshes for (the raw library, not the importer). */
async function guidsWithGeometry(rel: string): Promise<string[]> {
  const id = ifcApi.OpenModel(new Uint8Array(await readFile(path.join(TESTDATA, rel))));
  const ids = new Set<number>();
  ifcApi.StreamAllMeshes(id, (m) => void ids.add(m.expressID));
  const guids = [...ids].map(
    (e) => (ifcApi.GetLine(id, e) as { GlobalId: { value: string } }).GlobalId.value,
  );
  ifcApi.CloseModel(id);
  return guids;
}

describe('IFC → fragments', () => {
  // [file, elements with geometry in the fragments, schema, meshes web-ifc streams, products whose
  // only representation is an axis curve]. Cross-check: elements = web-ifc meshes (StreamAllMeshes
  // leaves IfcSpace out) + the IFCSPACE entities counted in the text − axis-only products (the
  // IfcWallElementedCase of wall-elemented-case.ifc has just an 'Axis' Curve2D; its parts carry the body).
  const cases: Array<[string, number, string, number, number]> = [
    ['ifc/AC20-FZK-Haus.ifc', 90, 'IFC4', 83, 0],
    ['ifc/Duplex_Electrical_20121207.ifc', 104, 'IFC2X3', 103, 0],
    ['ifc/SimpleWall.ifc', 2, 'IFC2X3', 2, 0],
    ['ifc/just_wall.ifc', 1, 'IFC4', 1, 0],
    ['ifc/test.ifc', 93, 'IFC2X3', 93, 0],
    ['ifc/wall-elemented-case.ifc', 4, 'IFC4', 5, 1],
  ];
  it.each(cases)(
    '%s: %i elements with geometry, all of web-ifc’s present by GlobalId',
    async (rel, elements, schema, webIfcMeshes, axisOnly) => {
      const r = okOf(await convert(rel));
      expect(r.kind).toBe('fragments');
      expect(r.stats).toMatchObject({ schema });
      const model = new SingleThreadedFragmentsModel('t', new Uint8Array(await readFile(r.outputPath)));
      expect(model.getItemsWithGeometry().length).toBe(elements);
      const guids = await guidsWithGeometry(rel);
      expect(guids.length).toBe(webIfcMeshes);
      const text = await readFile(path.join(TESTDATA, rel), 'latin1');
      const spaces = text.match(/=\s*IFCSPACE\(/gi)?.length ?? 0;
      expect(elements).toBe(webIfcMeshes + spaces - axisOnly);
      const missing = guids.filter((_, i) => model.getLocalIdsByGuids(guids)[i] === null);
      expect(missing).toEqual([]);
      model.dispose();
    },
  );

  it('keeps the spatial tree and the property sets (AC20-FZK-Haus)', async () => {
    const r = okOf(await convert('ifc/AC20-FZK-Haus.ifc'));
    const model = new SingleThreadedFragmentsModel('t', new Uint8Array(await readFile(r.outputPath)));
    const storeys: number[] = [];
    const walk = (
      n: { category: string | null; localId: number | null; children?: unknown[] },
      cat: string | null,
    ) => {
      if (n.localId !== null && cat === 'IFCBUILDINGSTOREY') storeys.push(n.localId);
      for (const c of (n.children ?? []) as Array<typeof n>) walk(c, n.category ?? cat);
    };
    walk(model.getSpatialStructure() as Parameters<typeof walk>[0], null);
    const names = model
      .getItemsData(storeys, { attributesDefault: false, attributes: ['Name'] })
      .map((d) => (d.Name as { value: string }).value)
      .sort();
    expect(names).toEqual(['Dachgeschoss', 'Erdgeschoss']);
    // Its .br copy (what the viewer is sent, issue 17) is the same model, uncompressed inside.
    const raw = brotliDecompressSync(await readFile(`${r.outputPath}.br`));
    expect(raw.equals(inflateSync(await readFile(r.outputPath)))).toBe(true);

    const text = await readFile(path.join(TESTDATA, 'ifc/AC20-FZK-Haus.ifc'), 'latin1');
    const wallIds = Object.values(model.getItemsOfCategories([/^IFCWALLSTANDARDCASE$/])).flat();
    expect(wallIds.length).toBe(text.match(/=\s*IFCWALLSTANDARDCASE\(/g)!.length);
    expect(wallIds.length).toBe(13);
    const [wall] = model.getItemsData([wallIds[0]!], {
      attributesDefault: true,
      relations: { IsDefinedBy: { attributes: true, relations: true } },
    });
    expect((wall!._guid as { value: string }).value).toMatch(/^[0-9A-Za-z_$]{22}$/);
    expect((wall!.Name as { value: string }).value).toMatch(/^Wand-/);
    const psets = (wall!.IsDefinedBy as Array<Record<string, { value: unknown }>>)
      .filter((p) => p._category?.value === 'IFCPROPERTYSET')
      .map((p) => p.Name?.value);
    expect(psets).toContain('Pset_WallCommon');
    model.dispose();
  });

  it('writes a first-frame preview GLB of the model: same extent and at most web-ifc’s triangles', async () => {
    const r = okOf(await convert('ifc/AC20-FZK-Haus.ifc'));
    const out = path.join(WORK, 'preview.glb');
    const figures = await buildModelPreview({ fragPath: r.outputPath, outputPath: out, ...limits });
    const glb = await readFile(out);
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(figures.bytes).toBe(glb.length);
    expect(figures).toMatchObject({ elements: 90 }); // the count of the IFC → fragments case above
    expect(figures.categories).toBeGreaterThan(5);
    expect(gunzipSync(await readFile(`${out}.gz`)).equals(glb)).toBe(true);

    await MeshoptDecoder.ready;
    const doc = await new NodeIO()
      .registerExtensions([EXTMeshoptCompression, KHRMeshQuantization])
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder })
      .readBinary(new Uint8Array(glb));
    const triangles = doc
      .getRoot()
      .listMeshes()
      .flatMap((m) => m.listPrimitives())
      .reduce((n, p) => n + p.getIndices()!.getCount() / 3, 0);
    expect(triangles).toBe(figures.triangles);

    // Independent figures: raw web-ifc's placed meshes of the same file.
    const id = ifcApi.OpenModel(new Uint8Array(await readFile(path.join(TESTDATA, 'ifc/AC20-FZK-Haus.ifc'))));
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    let rawTriangles = 0;
    ifcApi.StreamAllMeshes(id, (mesh) => {
      for (let i = 0; i < mesh.geometries.size(); i++) {
        const placed = mesh.geometries.get(i);
        const g = ifcApi.GetGeometry(id, placed.geometryExpressID);
        const verts = ifcApi.GetVertexArray(g.GetVertexData(), g.GetVertexDataSize());
        rawTriangles += g.GetIndexDataSize() / 3;
        const m = placed.flatTransformation;
        for (let v = 0; v < verts.length; v += 6) {
          const [x, y, z] = [verts[v]!, verts[v + 1]!, verts[v + 2]!];
          for (let k = 0; k < 3; k++) {
            const w = m[k]! * x + m[4 + k]! * y + m[8 + k]! * z + m[12 + k]!;
            min[k] = Math.min(min[k]!, w);
            max[k] = Math.max(max[k]!, w);
          }
        }
        g.delete();
      }
    });
    ifcApi.CloseModel(id);
    expect(triangles).toBeGreaterThan(rawTriangles * 0.1);
    expect(triangles).toBeLessThanOrEqual(rawTriangles);
    const bounds = getBounds(doc.getRoot().listScenes()[0]!);
    for (let k = 0; k < 3; k++) {
      const size = max[k]! - min[k]!;
      expect(bounds.max[k]! - bounds.min[k]!).toBeCloseTo(size, 1); // same extent within 5 cm
    }
  });

  it('a preview of something that is not a fragments model fails and leaves no file', async () => {
    const bogus = path.join(WORK, 'not-a-model.frag');
    await writeFile(bogus, 'ISO-10303-21; this is text, not fragments');
    const out = path.join(WORK, 'bogus-preview.glb');
    await expect(buildModelPreview({ fragPath: bogus, outputPath: out, ...limits })).rejects.toThrow();
    expect((await readdir(WORK)).filter((f) => f.startsWith('bogus-preview'))).toEqual([]);
  });

  it('fails a truncated and a malformed IFC with a readable reason, not retried', async () => {
    const full = await readFile(path.join(TESTDATA, 'ifc/AC20-FZK-Haus.ifc'));
    const truncated = path.join(WORK, 'truncated.ifc');
    const malformed = path.join(WORK, 'malformed.ifc');
    await writeFile(truncated, full.subarray(0, Math.floor(full.length * 0.4)));
    await writeFile(malformed, 'this is not an IFC file\n'.repeat(200));
    expect(await convert('truncated.ifc', truncated)).toEqual({
      ok: false,
      reason: 'IFC 文件不完整（文件被截断或上传不完整）',
      retryable: false,
    });
    expect(await convert('malformed.ifc', malformed)).toEqual({
      ok: false,
      reason: '不是有效的 IFC 文件（缺少 ISO-10303-21 文件头）',
      retryable: false,
    });
  });

  it('kills a conversion over its time limit and says so', async () => {
    const r = await convert('ifc/AC20-FZK-Haus.ifc', undefined, { timeoutMs: 300 });
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/^转换超时/), retryable: false });
  });

  it('kills a conversion over its memory limit and says so', async () => {
    const r = await convert('ifc/AC20-FZK-Haus.ifc', undefined, { memoryMb: 40 });
    expect(r).toEqual({
      ok: false,
      reason: expect.stringMatching(/内存超过上限（40 MB）/),
      retryable: false,
    });
  });
});

describe('GLB (no conversion needed) and meshes → GLB', () => {
  // Expected figures come from the sources: the STL header's triangle count, the OBJ's faces
  // (triangulated), the glTF sample's unit cube; one spider model in three formats keeps 1,368 triangles.
  const cases: Array<[string, { meshes: number; triangles: number; min?: number[]; max?: number[] }]> = [
    ['gltf/BoxTextured.glb', { meshes: 1, triangles: 12, min: [-0.5, -0.5, -0.5], max: [0.5, 0.5, 0.5] }],
    ['gltf/Elements_Beam.glb', { meshes: 12, triangles: 2080 }],
    ['gltf/Elements_Floor.glb', { meshes: 2, triangles: 64, min: [-5, 0, -10], max: [5, 3.1, 10] }],
    [
      'gltf/Elements_Spatial_CellComplex_CellComplex.glb',
      { meshes: 3077, triangles: 12644, min: [-15, -15, -15], max: [15, 15, 15] },
    ],
    ['obj/WusonOBJ.obj', { meshes: 1, triangles: 3732 }],
    ['obj/spider/spider.obj', { meshes: 19, triangles: 1368 }],
    ['fbx/box.fbx', { meshes: 1, triangles: 12 }],
    ['fbx/spider.fbx', { meshes: 19, triangles: 1368 }],
    ['stl/Spider_binary.stl', { meshes: 1, triangles: 1368 }],
    ['stl/sphereWithHole.stl', { meshes: 1, triangles: 285, min: [0, 0, 0], max: [3, 3, 3] }],
    ['3ds/cubes_with_alpha.3DS', { meshes: 5, triangles: 60 }],
    ['3ds/fels.3ds', { meshes: 1, triangles: 768 }],
  ];
  it.each(cases)('%s', async (rel, want) => {
    const r = okOf(await convert(rel));
    expect(r.kind).toBe('glb');
    const head = new Uint8Array(await readFile(r.outputPath)).subarray(0, 4);
    expect(new TextDecoder().decode(head)).toBe('glTF');
    expect(r.stats.meshes).toBe(want.meshes);
    expect(r.stats.triangles).toBe(want.triangles);
    const bbox = r.stats.bbox as { min: number[]; max: number[] };
    for (let i = 0; i < 3; i++) expect(bbox.max[i]!).toBeGreaterThan(bbox.min[i]!);
    if (want.min) expect(bbox.min).toEqual(want.min);
    if (want.max) expect(bbox.max).toEqual(want.max);
  });

  /** min/max of xyz triples, rounded like glb-info (0.1 mm). */
  const bounds = (points: number[][]) => {
    const r = (v: number) => Math.round(v * 1e4) / 1e4 + 0;
    return {
      min: [0, 1, 2].map((i) => r(Math.min(...points.map((p) => p[i]!)))),
      max: [0, 1, 2].map((i) => r(Math.max(...points.map((p) => p[i]!)))),
    };
  };

  it.each(['obj/WusonOBJ.obj', 'obj/spider/spider.obj'])(
    '%s: the GLB’s bbox is the bbox of the OBJ’s own `v` lines (converted without its .mtl/textures)',
    async (rel) => {
      const text = await readFile(path.join(TESTDATA, rel), 'utf8');
      const points = [...text.matchAll(/^v\s+(\S+)\s+(\S+)\s+(\S+)/gm)].map((m) => [
        Number(m[1]),
        Number(m[2]),
        Number(m[3]),
      ]);
      expect(points.length).toBeGreaterThan(700);
      const r = okOf(await convert(rel));
      expect(r.stats.bbox).toEqual(bounds(points));
    },
  );

  it('stl/Spider_binary.stl: the GLB’s bbox is the bbox of the STL’s own triangles', async () => {
    const stl = await readFile(path.join(TESTDATA, 'stl/Spider_binary.stl'));
    const points: number[][] = [];
    for (let t = 0; t < stl.readUInt32LE(80); t++)
      for (let v = 0; v < 3; v++) {
        const o = 84 + t * 50 + 12 + v * 12;
        points.push([stl.readFloatLE(o), stl.readFloatLE(o + 4), stl.readFloatLE(o + 8)]);
      }
    const r = okOf(await convert('stl/Spider_binary.stl'));
    const got = r.stats.bbox as { min: number[]; max: number[] };
    const want = bounds(points);
    for (let i = 0; i < 3; i++) {
      expect(got.min[i]).toBeCloseTo(want.min[i]!, 3);
      expect(got.max[i]).toBeCloseTo(want.max[i]!, 3);
    }
  });

  it('the STL’s triangle count matches its own header', async () => {
    const stl = await readFile(path.join(TESTDATA, 'stl/Spider_binary.stl'));
    expect(stl.readUInt32LE(80)).toBe(1368);
  });

  it('refuses an invalid GLB and an unreadable mesh file with readable reasons', async () => {
    const badGlb = path.join(WORK, 'bad.glb');
    const badObj = path.join(WORK, 'bad.obj');
    await writeFile(badGlb, 'not a glb at all');
    await writeFile(badObj, 'this is not a mesh\n');
    expect(await convert('bad.glb', badGlb)).toEqual({
      ok: false,
      reason: '不是有效的 GLB 文件（文件头错误）',
      retryable: false,
    });
    const r = await convert('bad.obj', badObj);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/模型文件无法解析|没有可显示的网格/);
  });

  it('refuses a GLB whose buffer view lies about its length (Khronos validator), naming the error', async () => {
    const glb = await readFile(path.join(TESTDATA, 'gltf/BoxTextured.glb'));
    const { json } = (await new NodeIO().binaryToJSON(new Uint8Array(glb))) as unknown as {
      json: {
        bufferViews: { byteLength: number }[];
        buffers: { byteLength: number }[];
      };
    };
    json.bufferViews[0]!.byteLength = json.buffers[0]!.byteLength + 4096;
    const text = Buffer.from(JSON.stringify(json));
    const jsonChunk = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
    const oldJsonLen = glb.readUInt32LE(12);
    const bin = glb.subarray(20 + oldJsonLen);
    const head = Buffer.alloc(20);
    head.write('glTF', 0, 'latin1');
    head.writeUInt32LE(2, 4);
    head.writeUInt32LE(20 + jsonChunk.length + bin.length, 8);
    head.writeUInt32LE(jsonChunk.length, 12);
    head.write('JSON', 16, 'latin1');
    const lying = path.join(WORK, 'lying.glb');
    await writeFile(lying, Buffer.concat([head, jsonChunk, bin]));
    const r = await convert('lying.glb', lying);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toMatch(/^GLB 文件无效/);
      expect(r.reason).toContain('/bufferViews/0/byteLength');
      expect(r.retryable).toBe(false);
    }
  });

  it('names the converted model after the user’s file, leaving no scratch files', async () => {
    const r = okOf(
      await convertFile({
        inputPath: path.join(TESTDATA, 'obj/WusonOBJ.obj'),
        fileName: '一层 机电/牛 (2).OBJ',
        suffix: 'obj',
        outputDir: path.join(WORK, 'named'),
        ...limits,
      }),
    );
    const doc = await readGlb(new Uint8Array(await readFile(r.outputPath)));
    const names = doc
      .getRoot()
      .listNodes()
      .map((n) => n.getName());
    expect(names[0]).toBe('牛 (2).obj');
    expect(await readdir(path.join(WORK, 'named'))).toEqual(['model.glb']);
  });

  it('answers no converter for an unknown suffix', async () => {
    expect(await convert('text/UserDefinedPropertySetDefinitionFile.txt')).toEqual({
      ok: false,
      reason: '暂不支持转换 .txt 文件',
      retryable: false,
    });
  });
});

describe('external converters and process failures', () => {
  const env = { ...process.env };
  afterAll(() => {
    process.env.BIMDRIVE_EXTERNAL_CONVERTERS = env.BIMDRIVE_EXTERNAL_CONVERTERS;
    if (env.BIMDRIVE_EXTERNAL_CONVERTERS === undefined) delete process.env.BIMDRIVE_EXTERNAL_CONVERTERS;
  });

  it('runs a configured command without a shell and reads its GLB back', async () => {
    process.env.BIMDRIVE_EXTERNAL_CONVERTERS = JSON.stringify({
      xglb: 'cp {input} {output}',
      nope: '/nonexistent/rvt2glb "{input}" {output}',
      empty: 'true {input}',
    });
    const src = path.join(TESTDATA, 'gltf/Elements_Floor.glb');
    const r = okOf(await convert('floor.xglb', src));
    expect(r.kind).toBe('glb');
    expect(r.stats).toMatchObject({
      meshes: 2,
      triangles: 64,
      bbox: { min: [-5, 0, -10], max: [5, 3.1, 10] },
    });
    expect(await convert('model.nope', src)).toEqual({
      ok: false,
      reason: '外部转换程序暂时无法启动，稍后自动重试',
      retryable: true,
    });
    expect(await convert('model.empty', src)).toEqual({
      ok: false,
      reason: '外部转换程序没有生成 GLB 文件',
      retryable: false,
    });
    expect(splitCommand(`conv --in "{input}" '--out=a b' {output}`)).toEqual([
      'conv',
      '--in',
      '{input}',
      '--out=a b',
      '{output}',
    ]);
  });

  it('a missing assimp is a transient failure (retried), not the file’s fault', async () => {
    const before = process.env.ASSIMP_BIN;
    process.env.ASSIMP_BIN = '/nonexistent/assimp';
    try {
      const r = await convert('fbx/box.fbx');
      expect(r).toEqual({
        ok: false,
        reason: expect.stringMatching(/assimp.*稍后自动重试/),
        retryable: true,
      });
    } finally {
      if (before === undefined) delete process.env.ASSIMP_BIN;
      else process.env.ASSIMP_BIN = before;
    }
  });

  it('maps a process that ran out of memory by itself to the memory reason', () => {
    const limits = { timeoutMs: 1000, memoryMb: 512 };
    const exit = { code: 10, signal: null, killedFor: null };
    expect(limitReason({ ...exit, stderr: 'ERROR: Failed to load file: std::bad_alloc\n' }, limits)).toBe(
      '转换所需内存超过上限（512 MB），文件过大或结构异常',
    );
    expect(
      limitReason(
        {
          ...exit,
          code: 134,
          stderr: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
        },
        limits,
      ),
    ).toMatch(/内存超过上限/);
    expect(
      limitReason({ ...exit, stderr: 'ERROR: Failed to load file: no suitable reader' }, limits),
    ).toBeNull();
  });
});
