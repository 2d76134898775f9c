/**
 * Drawings linked to a model (001 §2 link-drawing dialog; issue 13): the owner links DWG files to a
 * model and lists them; DXF, folders and non-models are refused; another user can neither list nor
 * change the links nor link their own drawing to it, nor link the owner's drawing by id; deleting a
 * drawing unlinks it.
 */
import { describe, expect, it } from 'vitest';
import { Api, type DrawingLinksDataValue } from '@bimdrive/contracts';
import { call, testDbKind, uploadTestFile } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';

describe(`drawing links (${testDbKind})`, () => {
  const [t, u, other] = useTestApp({ users: ['测试用户', '别人'] });

  const list = (token: string, IUID: string) =>
    call<DrawingLinksDataValue>(t, 'GET', Api.drawingLinks, { token, query: { IUID } });
  const link = (token: string, IUID: string, drawings: string[]) =>
    call<DrawingLinksDataValue>(t, 'POST', Api.drawingLinks, { token, body: { IUID, drawings } });

  it('links DWG drawings to a model, lists and replaces them, and forgets deleted ones', async () => {
    const model = await uploadTestFile(t, u.token, 'ifc/SimpleWall.ifc');
    const a = await uploadTestFile(t, u.token, 'dwg/R14.dwg');
    const b = await uploadTestFile(t, u.token, 'dwg/sample_AC1018.dwg');
    expect((await list(u.token, model)).body.data.list).toEqual([]);
    const made = await link(u.token, model, [a, b, a]);
    expect(made.body.code).toBe(1);
    expect(made.body.data.list.map((d) => d.fileName).sort()).toEqual(['R14.dwg', 'sample_AC1018.dwg']);
    expect(made.body.data.list[0]!.fullPath).toBe('我的文件/');
    expect((await list(u.token, model)).body.data.list).toHaveLength(2);
    expect((await link(u.token, model, [b])).body.data.list.map((d) => d.iuid)).toEqual([b]);
    expect((await call(t, 'POST', Api.delete, { token: u.token, body: { IUID: b } })).body.code).toBe(1);
    expect((await list(u.token, model)).body.data.list).toEqual([]);
  });

  it('refuses what is not a DWG, a model that is no model, and other users', async () => {
    const model = await uploadTestFile(t, u.token, 'gltf/BoxTextured.glb');
    const dwg = await uploadTestFile(t, u.token, 'dwg/R14.dwg');
    const dxf = await uploadTestFile(t, u.token, 'dxf/polylines.dxf');
    expect((await link(u.token, model, [dxf])).status).toBe(400);
    expect((await link(u.token, dwg, [dwg])).status).toBe(400);
    // Another user: no list, no change, no linking of the owner's drawing to their own model.
    const theirModel = await uploadTestFile(t, other.token, 'ifc/just_wall.ifc');
    const theirDwg = await uploadTestFile(t, other.token, 'dwg/R14.dwg');
    expect((await list(other.token, model)).status).toBe(404);
    expect((await link(other.token, model, [theirDwg])).status).toBe(404);
    expect((await link(other.token, theirModel, [dwg])).status).toBe(404);
    expect((await link(u.token, model, [theirDwg])).status).toBe(404);
    expect((await list(u.token, model)).body.data.list).toEqual([]);
  });
});
