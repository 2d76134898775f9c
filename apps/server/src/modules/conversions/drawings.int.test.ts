/**
 * 2D drawings through the real pipeline (issue 13 "2D drawings"; 001 §4 statuses, §9 dwg/dxf): both
 * DWGs and both DXFs of the test data (and a binary DXF made from one of them) are uploaded, converted
 * in the background (1 → 2 → 3 pushed live) to an ASCII DXF served as the preview's `viewUrl`; the
 * derived DXF holds as many model-space entities and layers as acad-ts reads from the original, and,
 * for the ASCII DXF inputs, as many as the original's text holds when counted without the library.
 * A corrupt DWG fails with a readable reason; another user gets 404 for the preview by changing the id.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACadVersion, DwgReader, DxfReader, DxfWriter, type CadDocument } from '@node-projects/acad-ts';
import {
  Api,
  DRAWING_FONT_URL,
  HubEvents,
  type FileStatusEventValue,
  type PreviewInfoValue,
} from '@bimdrive/contracts';
import { call, connectHub, TESTDATA, testDbKind, uploadBytes, waitForStatus } from '../../test/harness.ts';
import { useTestApp } from '../../test/suite-app.ts';
import { files } from '../../db/schema/files.ts';
import { queueMissingRenditions } from './conversion.worker.ts';
import { countDxf } from '../../converters/drawing/dxf-scan.ts';
import {
  CHINESE_DRAWING_LAYERS,
  CHINESE_DRAWING_WORDS,
  makeChineseDxf,
} from '../../test/drawing-fixtures.ts';

/** Read a drawing's bytes with acad-ts (the library the converter uses). */
function readDrawing(bytes: Uint8Array, suffix: string): CadDocument {
  const copy = new Uint8Array(bytes);
  return suffix === 'dwg' ? DwgReader.readFromStream(copy.buffer) : DxfReader.readFromStream(copy);
}

/** A binary DXF of a document (acad-ts writer). */
function binaryDxf(doc: CadDocument): Uint8Array {
  const parts: Uint8Array[] = [];
  DxfWriter.writeToStream({ write: (b: Uint8Array) => parts.push(new Uint8Array(b)) }, doc, true);
  return new Uint8Array(Buffer.concat(parts));
}

describe(`drawing conversions (${testDbKind})`, () => {
  const [t, u, other] = useTestApp({ users: ['测试用户', '别人'] });

  const preview = async (iuid: string, token = u.token) =>
    await call<PreviewInfoValue>(t, 'GET', Api.preview, { token, query: { IUID: iuid } });

  const cases = [
    { rel: 'dwg/R14.dwg', version: 'AC1014' },
    { rel: 'dwg/sample_AC1018.dwg', version: 'AC1018' },
    { rel: 'dxf/polylines.dxf', version: null },
    { rel: 'dxf/sample_AC1018_ascii.dxf', version: 'AC1018' },
  ];

  it.each(cases)('converts $rel to an ASCII DXF with every entity and layer', async ({ rel, version }) => {
    const original = new Uint8Array(await readFile(path.join(TESTDATA, rel)));
    const suffix = path.extname(rel).slice(1);
    const socket = await connectHub(t, u.token);
    const events: FileStatusEventValue[] = [];
    socket.on(HubEvents.fileStatus, (e: FileStatusEventValue) => events.push(e));
    const iuid = await uploadBytes(t, u.token, path.basename(rel), original);
    const row = await waitForStatus(t, u.token, iuid);
    expect(row.statusMsg, rel).toBe('');
    expect(row.statusType, rel).toBe(3);
    await new Promise((r) => setTimeout(r, 200));
    socket.close();
    const statuses = events.filter((e) => e.iuid === iuid).map((e) => e.statusType);
    expect(statuses[0]).toBe(1);
    expect(statuses).toContain(2);
    expect(statuses.at(-1)).toBe(3);

    const info = (await preview(iuid)).body.data;
    expect(info.previewKind).toBe('drawing');
    expect(info.viewUrl).toMatch(/^\/api\/files\/signed\?t=/);
    const res = await fetch(`${t.baseUrl}${info.viewUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/dxf');
    const derivedText = await res.text();
    const derived = countDxf(derivedText);

    // What the library reads from the original…
    const doc = readDrawing(original, suffix);
    const entities = doc.modelSpace!.entities.count;
    const layers = doc.layers!.count;
    expect(entities, rel).toBeGreaterThan(0);
    // …is what the derived file holds, counted from its text without the library…
    expect(derived.modelEntities, rel).toBe(entities);
    expect(derived.layers, rel).toBe(layers);
    // …and what the file row records.
    const [stored] = await t.built.ctx.db.select().from(files).where(eq(files.id, iuid));
    const stats = stored!.stats as Record<string, unknown>;
    expect(stats).toMatchObject({ entities, layers, format: suffix === 'dwg' ? 'dwg' : 'dxf-ascii' });
    if (version) expect(stats.version).toBe(version);
    expect(Array.isArray(stats.layouts)).toBe(true);
    if (rel.includes('sample_AC1018')) expect(derived.offLayers).toEqual(['Layer_Off']);
    if (suffix === 'dxf') {
      // An independent count of the original ASCII DXF: model-space entities are all there.
      const text = Buffer.from(original).toString('utf8');
      const counted = countDxf(text);
      expect(derived.modelEntities, rel).toBe(counted.modelEntities);
      expect(derived.types, rel).toEqual(counted.types);
      // Layers switched off in the original stay off (acad-ts alone turns them on).
      expect(derived.offLayers, rel).toEqual(counted.offLayers);
      expect(derived.layers).toBeGreaterThanOrEqual(counted.layers);
    }
  });

  it('reads a binary DXF and writes it as ASCII', async () => {
    const source = new Uint8Array(await readFile(path.join(TESTDATA, 'dxf/sample_AC1018_ascii.dxf')));
    const doc = readDrawing(source, 'dxf');
    const bin = binaryDxf(doc);
    expect(Buffer.from(bin.subarray(0, 18)).toString('latin1')).toBe('AutoCAD Binary DXF');
    const iuid = await uploadBytes(t, u.token, '二进制图纸.dxf', bin);
    const row = await waitForStatus(t, u.token, iuid);
    expect(row.statusMsg).toBe('');
    expect(row.statusType).toBe(3);
    const text = await (await fetch(`${t.baseUrl}${(await preview(iuid)).body.data.viewUrl}`)).text();
    expect(text.slice(0, 40)).toMatch(/^\s*0\r?\nSECTION/);
    // Every entity acad-ts reads from the binary file is in the ASCII one (its binary reader keeps
    // 160 of this drawing's 163: the two ACAD_TABLEs and one TEXT are lost on the binary round trip).
    const fromBinary = readDrawing(bin, 'dxf');
    expect(fromBinary.header!.version).toBe(ACadVersion.AC1018);
    expect(countDxf(text).modelEntities).toBe(fromBinary.modelSpace!.entities.count);
    expect(fromBinary.modelSpace!.entities.count).toBeGreaterThanOrEqual(doc.modelSpace!.entities.count - 3);
  });

  it('keeps Chinese text of a UTF-8 DXF that names a Chinese code page', async () => {
    const dxf = makeChineseDxf();
    expect(Buffer.from(dxf).toString('utf8')).toContain('ANSI_936');
    const iuid = await uploadBytes(t, u.token, '一层平面图.dxf', dxf);
    const row = await waitForStatus(t, u.token, iuid);
    expect(row.statusMsg).toBe('');
    expect(row.statusType).toBe(3);
    const text = await (await fetch(`${t.baseUrl}${(await preview(iuid)).body.data.viewUrl}`)).text();
    for (const w of CHINESE_DRAWING_WORDS) expect(text).toContain(w);
    for (const l of CHINESE_DRAWING_LAYERS) expect(text).toMatch(new RegExp(`\\n${l}\\r?\\n`));
    expect(countDxf(text).layers).toBe(CHINESE_DRAWING_LAYERS.length);
  });

  it('fails a corrupt DWG and a non-drawing with reasons a person understands', async () => {
    const good = await readFile(path.join(TESTDATA, 'dwg/sample_AC1018.dwg'));
    const truncated = new Uint8Array(good.subarray(0, 100_000));
    const a = await uploadBytes(t, u.token, '损坏的图纸.dwg', truncated);
    const rowA = await waitForStatus(t, u.token, a);
    expect(rowA.statusType).toBe(4);
    expect(rowA.statusMsg).toMatch(/^DWG 图纸已损坏或不完整，无法读取/);
    const b = await uploadBytes(t, u.token, '不是图纸.dwg', new TextEncoder().encode('hello, not a drawing'));
    const rowB = await waitForStatus(t, u.token, b);
    expect(rowB.statusType).toBe(4);
    expect(rowB.statusMsg).toBe('不是有效的 DWG 图纸（文件头无法识别）');
    const c = await uploadBytes(
      t,
      u.token,
      '旧版本.dwg',
      new TextEncoder().encode('AC1009' + '\0'.repeat(200)),
    );
    expect((await waitForStatus(t, u.token, c)).statusMsg).toMatch(/暂不支持此 DWG 版本（AC1009）/);
    const info = (await preview(a)).body.data;
    expect(info.previewKind).toBe('drawing');
    expect(info.viewUrl).toBeNull();
  });

  it('converts drawings kept while DWG and DXF had no converter, once, at worker start', async () => {
    const iuid = await uploadBytes(
      t,
      u.token,
      '旧图纸.dxf',
      new Uint8Array(await readFile(path.join(TESTDATA, 'dxf/polylines.dxf'))),
    );
    await waitForStatus(t, u.token, iuid);
    // As an older installation left it: 转换失败 for want of a converter, nothing derived.
    await t.built.ctx.db
      .update(files)
      .set({
        statusType: 4,
        statusMsg: '需要外部转换器：此格式暂无开源转换器，可下载后使用专业软件查看，或请管理员配置外部转换器',
        derivedKind: null,
        derivedKey: null,
      })
      .where(eq(files.id, iuid));
    expect(await queueMissingRenditions(t.built.ctx)).toBe(1);
    expect(await queueMissingRenditions(t.built.ctx)).toBe(0); // claimed once
    const row = await waitForStatus(t, u.token, iuid);
    expect(row.statusType).toBe(3);
    expect((await preview(iuid)).body.data.viewUrl).toBeTruthy();
  });

  it('gives another user 404 for the preview by changing the id', async () => {
    const iuid = await uploadBytes(
      t,
      u.token,
      'R14.dwg',
      new Uint8Array(await readFile(path.join(TESTDATA, 'dwg/R14.dwg'))),
    );
    await waitForStatus(t, u.token, iuid);
    const theirs = await preview(iuid, other.token);
    expect(theirs.status).toBe(404);
  });

  it('serves the CJK font of the drawing viewer to anyone, cached', async () => {
    const res = await fetch(`${t.baseUrl}${DRAWING_FONT_URL}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('font/ttf');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A TrueType font (sfnt version 1.0), not a collection opentype.js cannot read.
    expect([...bytes.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
    const again = await fetch(`${t.baseUrl}${DRAWING_FONT_URL}`, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});
