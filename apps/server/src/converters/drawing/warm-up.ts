/**
 * Warm-up of a kept drawing converter child (issue 13 benchmark: a drawing converts at the speed of a
 * warm parse, ratio ≤ 1.5). A new child has acad-ts loaded but not yet compiled by V8's optimising
 * JIT: its first jobs ran 1.5–2× slower than the same parse once warm (160–200 ms against 80–110 ms
 * for the 1 MB sample_AC1018.dwg). While it waits for its first job, the child converts a few small
 * drawings of its own, made here with acad-ts (lines, arcs, circles, polylines, Chinese TEXT and
 * MTEXT, a block with references), through the converter's own steps: as DWG of the version families
 * acad-ts reads with different code (R14, 2000, 2004, 2013/2018), as ASCII DXF and as binary DXF.
 *
 * Shape: `warmUp(convert, jobWaiting, rounds?)` writes the samples into a temporary folder, then runs
 * `convert(input, output, suffix)` over them `rounds` times, one file per macrotask, and stops at
 * once when `jobWaiting()` says a real job came (it never delays one by more than one small file);
 * the folder is removed at the end. Never throws: a warm-up that fails only leaves the child colder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ACadVersion,
  Arc,
  BlockRecord,
  CadDocument,
  Circle,
  DwgWriter,
  DxfWriter,
  Insert,
  Line,
  LwPolyline,
  MText,
  TextEntity,
  XY,
  XYZ,
} from '@node-projects/acad-ts';

/**
 * Rounds over the samples by default. Three gave the first real DWG 150–230 ms instead of 280–370 ms
 * (1 MB sample_AC1018.dwg, warm 90–130 ms); twelve left the child at 250 MB resident and no faster.
 */
const DEFAULT_ROUNDS = 3;

/** A small drawing with the entity kinds most drawings are made of. */
function sampleDocument(): CadDocument {
  const doc = new CadDocument();
  const block = new BlockRecord('门');
  const leaf = new Line();
  leaf.startPoint = new XYZ(0, 0, 0);
  leaf.endPoint = new XYZ(0.9, 0, 0);
  const swing = new Arc();
  swing.center = new XYZ(0, 0, 0);
  swing.radius = 0.9;
  swing.endAngle = Math.PI / 2;
  block.entities.add(leaf);
  block.entities.add(swing);
  doc.blockRecords!.add(block);
  const space = doc.modelSpace!.entities;
  for (let i = 0; i < 40; i++) {
    const wall = new Line();
    wall.startPoint = new XYZ(i * 3, 0, 0);
    wall.endPoint = new XYZ(i * 3, 6, 0);
    space.add(wall);
    const column = new Circle();
    column.center = new XYZ(i * 3, 3, 0);
    column.radius = 0.2;
    space.add(column);
    const room = new LwPolyline([
      new XY(i * 3, 0),
      new XY(i * 3 + 2.5, 0),
      new XY(i * 3 + 2.5, 5),
      new XY(i * 3, 5),
    ]);
    room.isClosed = true;
    space.add(room);
    const label = new TextEntity();
    label.value = `房间${i}`;
    label.insertPoint = new XYZ(i * 3 + 0.5, 2.5, 0);
    label.height = 0.3;
    space.add(label);
    const door = new Insert(block);
    door.insertPoint = new XYZ(i * 3 + 1, 0, 0);
    space.add(door);
  }
  const note = new MText();
  note.value = '说明：\\P墙厚 200，{\\fSimSun|b0|i0;门} 见详图';
  note.insertPoint = new XYZ(0, -2, 0);
  note.height = 0.35;
  space.add(note);
  return doc;
}

/** Writes of the sample as each kind of file the converter reads, one step each: [file, suffix]. */
function sampleWrites(dir: string): (() => [string, string])[] {
  const doc = sampleDocument();
  const dwg = (version: 'AC1014' | 'AC1015' | 'AC1018' | 'AC1032') => (): [string, string] => {
    doc.header!.version = ACadVersion[version];
    const file = path.join(dir, `${version}.dwg`);
    writeFileSync(file, DwgWriter.writeToBuffer(doc));
    return [file, 'dwg'];
  };
  const dxf = (binary: boolean) => (): [string, string] => {
    const parts: Buffer[] = [];
    DxfWriter.writeToStream(
      {
        write: (s: string | Uint8Array) =>
          void parts.push(typeof s === 'string' ? Buffer.from(s, 'utf8') : Buffer.from(s)),
      },
      doc,
      binary,
    );
    const file = path.join(dir, binary ? 'binary.dxf' : 'ascii.dxf');
    writeFileSync(file, Buffer.concat(parts));
    return [file, 'dxf'];
  };
  return [dwg('AC1014'), dwg('AC1015'), dwg('AC1018'), dwg('AC1032'), dxf(false), dxf(true)];
}

/** See the module docstring. Resolves when the rounds are done, a job came, or the warm-up failed. */
export async function warmUp(
  convert: (input: string, output: string, suffix: string) => Promise<void>,
  jobWaiting: () => boolean,
  rounds = DEFAULT_ROUNDS,
): Promise<void> {
  const next = () => new Promise((resolve) => setImmediate(resolve));
  let dir: string | null = null;
  try {
    await next();
    dir = mkdtempSync(path.join(tmpdir(), 'bimdrive-dwg-warm-'));
    const files: [string, string][] = [];
    for (const write of sampleWrites(dir)) {
      await next();
      if (jobWaiting()) return;
      files.push(write());
    }
    for (let round = 0; round < rounds; round++)
      for (const [file, suffix] of files) {
        await next();
        if (jobWaiting()) return;
        await convert(file, path.join(dir, 'out.dxf'), suffix);
      }
  } catch {
    // Only a head start.
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
