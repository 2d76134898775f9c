/**
 * 3DM (Rhino) models through the real pipeline (issue 13 "3DM (Rhino)"; 001 §4 statuses, §9 3dm):
 * both 3DM files of the test data end 转换完成 as a GLB whose triangles equal what rhino3dm reads
 * from the original (render meshes of every Brep face, the mesh's own faces), with layers and object
 * names in the node tree and the render materials' colours; a block placed twice is one shared mesh
 * under two transformed nodes; a 3DM whose surfaces have no render mesh fails with a clear reason.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NodeIO, type Document, type Node } from '@gltf-transform/core';
import rhino3dm from 'rhino3dm';
import { Api, type PreviewInfoValue } from '@bimdrive/contracts';
import {
  call,
  TESTDATA,
  testDbKind,
  uploadBytes,
  uploadTestFile,
  waitForStatus,
} from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { NO_RENDER_MESH_REASON } from '../../converters/rhino/rhino-scene.ts';
import { files } from '../../db/schema/files.ts';

/** rhino3dm as used by this test (its typings lag the runtime). */
type Rhino = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test-side reads of rhino3dm

describe(`3DM models (${testDbKind})`, () => {
  const [t, u] = useTestApp({ users: ['测试用户'] });
  let rhino: Rhino;
  beforeAll(async () => {
    rhino = (await rhino3dm()) as unknown as Rhino;
  });

  const glbOf = async (iuid: string): Promise<Document> => {
    const info = (
      await call<PreviewInfoValue>(t, 'GET', Api.preview, { token: u.token, query: { IUID: iuid } })
    ).body.data;
    expect(info.previewKind).toBe('glb');
    const res = await fetch(`${t.baseUrl}${info.viewUrl}`);
    return new NodeIO().readBinary(new Uint8Array(await res.arrayBuffer()));
  };
  const triangles = (doc: Document) =>
    doc
      .getRoot()
      .listNodes()
      .filter((n) => n.getMesh())
      .flatMap((n) => n.getMesh()!.listPrimitives())
      .reduce((sum, p) => sum + p.getIndices()!.getCount() / 3, 0);
  const names = (n: Node, depth = 0): string[] => [
    `${'  '.repeat(depth)}${n.getName()}`,
    ...n.listChildren().flatMap((c) => names(c, depth + 1)),
  ];

  /** Triangles rhino3dm itself reads from a 3DM: Brep face render meshes and meshes, quads as two. */
  const rhinoTriangles = (bytes: Uint8Array) => {
    const doc = rhino.File3dm.fromByteArray(bytes);
    let n = 0;
    const count = (m: Rhino) => m.faces().triangleCount + 2 * m.faces().quadCount;
    for (let i = 0; i < doc.objects().count; i++) {
      const g = doc.objects().get(i).geometry();
      if (g.objectType === rhino.ObjectType.Mesh) n += count(g);
      else if (g.objectType === rhino.ObjectType.Brep)
        for (let k = 0; k < g.faces().count; k++) {
          const m = g.faces().get(k).getMesh(rhino.MeshType.Any);
          if (m) n += count(m);
        }
    }
    return n;
  };

  it('RhinoLogo.3dm: six Breps on layer Head, their render meshes, red and white materials', async () => {
    const bytes = new Uint8Array(await readFile(path.join(TESTDATA, '3dm/RhinoLogo.3dm')));
    const iuid = await uploadTestFile(t, u.token, '3dm/RhinoLogo.3dm');
    const row = await waitForStatus(t, u.token, iuid);
    expect(row.statusMsg).toBe('');
    expect(row.statusType).toBe(3);
    const doc = await glbOf(iuid);
    expect(triangles(doc)).toBe(rhinoTriangles(bytes));
    expect(triangles(doc)).toBe(32044);
    const root = doc.getRoot().listScenes()[0]!.listChildren()[0]!;
    expect(names(root)).toEqual([
      'RhinoLogo.3dm',
      '  Head',
      ...Array.from({ length: 6 }, (_, i) => `    Brep ${i + 1}`),
    ]);
    const brep = root.listChildren()[0]!.listChildren()[0]!;
    expect(brep.getExtras()).toMatchObject({ rhinoType: 'Brep', layer: 'Head' });
    const colours = doc
      .getRoot()
      .listMaterials()
      .map((m) => [m.getName(), m.getBaseColorFactor()]);
    expect(colours).toEqual(
      expect.arrayContaining([
        ['Red', [1, 0, 0, 1]],
        ['White', [1, 1, 1, 1]],
      ]),
    );
    // Z-up millimetres → Y-up metres on the root node.
    expect(root.getScale()).toEqual([0.001, 0.001, 0.001]);
    // The figures recorded on the row (files.stats): elements, layers, unit.
    const [stored] = await t.built.ctx.db.select().from(files).where(eq(files.id, iuid));
    expect(stored!.stats).toMatchObject({
      elements: 6,
      layers: 1,
      blocks: 0,
      unit: 'Millimeters',
      triangles: 32044,
    });
  });

  it('mesh.3dm (Rhino 8): the mesh’s own triangles on layer Default', async () => {
    const bytes = new Uint8Array(await readFile(path.join(TESTDATA, '3dm/mesh.3dm')));
    const iuid = await uploadTestFile(t, u.token, '3dm/mesh.3dm');
    expect((await waitForStatus(t, u.token, iuid)).statusType).toBe(3);
    const doc = await glbOf(iuid);
    expect(triangles(doc)).toBe(rhinoTriangles(bytes));
    expect(triangles(doc)).toBe(276);
    const root = doc.getRoot().listScenes()[0]!.listChildren()[0]!;
    expect(names(root)).toEqual(['mesh.3dm', '  Default', '    Mesh 1']);
  });

  it('a block placed twice: two named, transformed nodes sharing one mesh', async () => {
    const doc = new rhino.File3dm();
    const mesh = new rhino.Mesh();
    for (const p of [
      [0, 0, 0],
      [1, 0, 0],
      [1, 1, 0],
      [0, 1, 0],
    ])
      mesh.vertices().add(...p);
    mesh.faces().addTriFace(0, 1, 2);
    mesh.faces().addTriFace(0, 2, 3);
    mesh.normals().computeNormals();
    const index = doc
      .instanceDefinitions()
      .add('柱子', '', '', '', [0, 0, 0], [mesh], [new rhino.ObjectAttributes()]);
    const idef = doc.instanceDefinitions().get(index);
    for (const [name, x] of [
      ['一号柱', 10],
      ['二号柱', 20],
    ] as const) {
      const attrs = new rhino.ObjectAttributes();
      attrs.name = name;
      doc
        .objects()
        .addInstanceObject(
          new rhino.InstanceReference(idef.id, rhino.Transform.translationXYZ(x, 0, 0)),
          attrs,
        );
    }
    const iuid = await uploadBytes(t, u.token, '块.3dm', doc.toByteArray() as Uint8Array);
    const row = await waitForStatus(t, u.token, iuid);
    expect(row.statusMsg).toBe('');
    const glb = await glbOf(iuid);
    const root = glb.getRoot().listScenes()[0]!.listChildren()[0]!;
    const placed = root.listChildren()[0]!.listChildren();
    expect(placed.map((n) => n.getName())).toEqual(['一号柱', '二号柱']);
    expect(placed.map((n) => n.getTranslation()[0])).toEqual([10, 20]);
    expect(placed.map((n) => n.getExtras())).toEqual([
      expect.objectContaining({ rhinoType: 'InstanceReference', block: '柱子' }),
      expect.objectContaining({ rhinoType: 'InstanceReference', block: '柱子' }),
    ]);
    const meshes = placed.map((n) => n.listChildren()[0]!.getMesh());
    expect(meshes[0]).toBeTruthy();
    expect(meshes[0]).toBe(meshes[1]);
    expect(glb.getRoot().listMeshes()).toHaveLength(1);
    expect(triangles(glb)).toBe(4);
  });

  it('a 3DM whose surfaces have no render mesh fails with a clear reason', async () => {
    const doc = new rhino.File3dm();
    doc.objects().add(new rhino.Sphere([0, 0, 0], 5).toBrep(), null);
    const iuid = await uploadBytes(t, u.token, '无网格.3dm', doc.toByteArray() as Uint8Array);
    expect(await waitForStatus(t, u.token, iuid)).toMatchObject({
      statusType: 4,
      statusMsg: NO_RENDER_MESH_REASON,
    });
    const bad = await uploadBytes(t, u.token, '坏.3dm', new TextEncoder().encode('not a rhino file'));
    expect(await waitForStatus(t, u.token, bad)).toMatchObject({
      statusType: 4,
      statusMsg: '不是有效的 3DM 文件（缺少 Rhino 文件头）',
    });
  });
});
