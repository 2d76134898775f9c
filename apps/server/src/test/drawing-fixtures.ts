/**
 * Drawings made for tests and benchmarks of the 2D drawing converter and viewer (issue 13):
 * - a small Chinese floor plan (`makeChineseDxf`): four layers (墙体 walls, 门窗 doors and windows,
 *   轴网 grid, 文字 text) with lines, circles, a TEXT and an MTEXT in Chinese, written as an ASCII DXF
 *   the way AutoCAD 2013 writes one: UTF-8 text, version AC1027, while `$DWGCODEPAGE` still names the
 *   Chinese ANSI code page (ANSI_936);
 * - a large grid (`makeGridDxf(mb)`): an ASCII DXF of about `mb` MB of short lines with a Chinese
 *   label every 50 lines (`mb` × 5,600 lines and a 50th as many labels in model space).
 */
import {
  ACadVersion,
  CadDocument,
  Circle,
  Color,
  DxfWriter,
  Layer,
  Line,
  MText,
  TextEntity,
  XYZ,
} from '@node-projects/acad-ts';

/** Chinese words the drawing holds (TEXT first, then the MTEXT's two lines). */
export const CHINESE_DRAWING_WORDS = ['一层平面图', '说明：', '钢筋混凝土框架结构'];
/** Layers of the drawing, `0` included. */
export const CHINESE_DRAWING_LAYERS = ['0', '墙体', '门窗', '轴网', '文字'];

/** The bytes of the Chinese floor-plan DXF (see the module doc). */
export function makeChineseDxf(): Uint8Array {
  const doc = new CadDocument();
  doc.header!.version = ACadVersion.AC1027;
  doc.header!.codePage = 'ANSI_936';
  const layer = (name: string, aci: number) => {
    const l = new Layer(name);
    l.color = new Color(aci);
    doc.layers!.add(l);
    return l;
  };
  const walls = layer('墙体', 7);
  const openings = layer('门窗', 4);
  const grid = layer('轴网', 1);
  const words = layer('文字', 3);
  const add = <T extends { layer: Layer }>(e: T, l: Layer): T => {
    e.layer = l;
    doc.modelSpace!.entities.add(e as never);
    return e;
  };
  const line = (x1: number, y1: number, x2: number, y2: number, l: Layer) => {
    const e = new Line();
    e.startPoint = new XYZ(x1, y1, 0);
    e.endPoint = new XYZ(x2, y2, 0);
    add(e, l);
  };
  // Outer walls, 12 m × 8 m (millimetres), 240 mm thick, and one inner wall.
  for (const d of [0, 240]) {
    line(d, d, 12000 - d, d, walls);
    line(12000 - d, d, 12000 - d, 8000 - d, walls);
    line(12000 - d, 8000 - d, d, 8000 - d, walls);
    line(d, 8000 - d, d, d, walls);
  }
  line(6000, 240, 6000, 7760, walls);
  line(6240, 240, 6240, 7760, walls);
  // Grid lines with bubbles.
  for (const x of [0, 6000, 12000]) {
    line(x + 120, -1500, x + 120, 9500, grid);
    const c = new Circle();
    c.center = new XYZ(x + 120, -1900, 0);
    c.radius = 400;
    add(c, grid);
  }
  // Windows: three short double lines in the south wall; a door swing.
  for (const x of [1500, 4000, 8500]) {
    line(x, 80, x + 1500, 80, openings);
    line(x, 160, x + 1500, 160, openings);
  }
  const door = new Circle();
  door.center = new XYZ(6120, 4000, 0);
  door.radius = 900;
  add(door, openings);
  const title = new TextEntity();
  title.value = CHINESE_DRAWING_WORDS[0]!;
  title.insertPoint = new XYZ(4000, 9000, 0);
  title.height = 600;
  add(title, words);
  const note = new MText();
  note.value = `${CHINESE_DRAWING_WORDS[1]}\\P${CHINESE_DRAWING_WORDS[2]}`;
  note.insertPoint = new XYZ(1000, 6500, 0);
  note.height = 350;
  note.rectangleWidth = 4000;
  add(note, words);
  const parts: string[] = [];
  DxfWriter.writeToStream({ write: (s: string) => parts.push(s) }, doc, false);
  return new Uint8Array(Buffer.from(parts.join(''), 'utf8'));
}

/** The text of the grid DXF of about `mb` MB (see the module doc). */
export function makeGridDxf(mb: number): string {
  const doc = new CadDocument();
  for (let i = 0; i < Math.round(mb * 5600); i++) {
    const [x, y] = [(i % 1000) * 10, Math.floor(i / 1000) * 10];
    const line = new Line();
    line.startPoint = new XYZ(x, y, 0);
    line.endPoint = new XYZ(x + 8, y + 8, 0);
    doc.modelSpace!.entities.add(line);
    if (i % 50 === 0) {
      const label = new TextEntity();
      label.value = `编号${i}`;
      label.insertPoint = new XYZ(x, y, 0);
      label.height = 2;
      doc.modelSpace!.entities.add(label);
    }
  }
  const parts: string[] = [];
  DxfWriter.writeToStream({ write: (s: string) => void parts.push(s) }, doc, false);
  return parts.join('');
}
