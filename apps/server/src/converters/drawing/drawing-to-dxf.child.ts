/**
 * Child-process entry of the drawing converter: `node drawing-to-dxf.child.ts <input> <output.dxf> <suffix>`
 * converts one drawing and exits; started without arguments (reusable-child.ts) it warms up on
 * drawings of its own until the first job (warm-up.ts), takes jobs
 * `{ type: 'job', args: [input, output, suffix], keepBelowMb }` over IPC one after another, keeping
 * nothing from one to the next, says `{ type: 'idle' }` when none has come for a moment (its heap
 * collected first when above 80 % of keepBelowMb), and exits when its parent goes.
 * Reads a DWG (R14–2018, AC1014–AC1032) or a DXF (ASCII or binary) with `@node-projects/acad-ts`,
 * writes it back as an ASCII DXF in UTF-8 (what the browser's dxf-viewer reads; an ASCII DXF keeps its
 * own text, re-encoded to UTF-8, with LAYER entries added for layers used but not listed) and reports over IPC:
 *   { type: 'progress', percent } … then { type: 'done', stats } or { type: 'failed', reason, outOfMemory? }.
 * Reasons are Simplified Chinese for the user (001 §4 转换失败).
 */
import { isAscii } from 'node:buffer';
import { closeSync, openSync, readFileSync, readSync, writeFileSync, writeSync } from 'node:fs';
import {
  ACadVersion,
  DwgReader,
  DxfReader,
  DxfWriter,
  DxfWriterConfiguration,
  Ray,
  XLine,
  type CadDocument,
} from '@node-projects/acad-ts';
import type { DrawingFigures } from './drawing-to-dxf.ts';
import {
  countDxf,
  decoderLabelOf,
  isUtf8Dxf,
  READABLE_DWG_VERSIONS,
  sniffDrawing,
  withLayers,
  withUtf8CodePage,
} from './dxf-scan.ts';
import { warmUp } from './warm-up.ts';

/** What a conversion reports (ConverterChildMessage): sent over IPC, or dropped during the warm-up. */
type Report = (m: unknown) => void;
const send: Report = (m) => process.connected && process.send?.(m);

/** Quiet time (ms) after a job before the kept child says `idle`. */
const IDLE_AFTER_MS = 50;
/** Share of the keep bound above which the kept child collects its heap before saying `idle`. */
const COLLECT_AT = 0.8;

/** A failure with a reason for the user. */
class Unreadable extends Error {}

/** The first `n` bytes of `file`. (This process runs one job at a time: its file calls are synchronous.) */
function head(file: string, n: number): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    return buf.subarray(0, readSync(fd, buf, 0, n, 0));
  } finally {
    closeSync(fd);
  }
}

function readDocument(bytes: Buffer, format: string): CadDocument {
  try {
    if (format === 'dwg')
      return DwgReader.readFromStream(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
    return DxfReader.readFromStream(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    if (
      /out of memory|Array buffer allocation failed|Invalid typed array length|Invalid array length/i.test(
        detail,
      )
    )
      throw err;
    const what = format === 'dwg' ? 'DWG 图纸' : 'DXF 图纸';
    // A library's own message (DxfException …) helps; a JavaScript TypeError inside it does not.
    const library = err instanceof Error && !(err instanceof TypeError) && !(err instanceof RangeError);
    throw new Unreadable(
      library
        ? `${what}已损坏或不完整，无法读取（${detail.slice(0, 160)}）`
        : `${what}已损坏或不完整，无法读取`,
    );
  }
}

/**
 * Mend what acad-ts's reader can leave half-filled and its writer then trips on: an MTEXT with a
 * background fill flag but no background colour (seen with binary DXF) loses the fill.
 */
function mendForWriting(doc: CadDocument): void {
  for (const block of doc.blockRecords ?? []) {
    for (const e of block.entities as Iterable<{
      backgroundFillFlags?: unknown;
      backgroundColor?: unknown;
    }>) {
      if (typeof e.backgroundFillFlags === 'number' && e.backgroundFillFlags > 0 && !e.backgroundColor)
        e.backgroundFillFlags = 0;
    }
  }
}

/**
 * The model-space extents: the union of every entity's bounding box (block references with their
 * blocks; construction lines and rays, which are infinite, left out); null when nothing has one.
 */
function modelExtents(doc: CadDocument): DrawingFigures['extents'] {
  let box: NonNullable<DrawingFigures['extents']> | null = null;
  for (const e of doc.modelSpace?.entities ?? []) {
    if (e instanceof XLine || e instanceof Ray) continue;
    let bb;
    try {
      bb = e.getBoundingBox();
    } catch {
      continue; // an entity the library cannot measure
    }
    if (!bb) continue;
    const v = [bb.min.x, bb.min.y, bb.max.x, bb.max.y];
    if (!v.every((n) => Number.isFinite(n) && Math.abs(n) < 1e12)) continue;
    const [minX, minY, maxX, maxY] = v as [number, number, number, number];
    box = box
      ? {
          minX: Math.min(box.minX, minX),
          minY: Math.min(box.minY, minY),
          maxX: Math.max(box.maxX, maxX),
          maxY: Math.max(box.maxY, maxY),
        }
      : { minX, minY, maxX, maxY };
  }
  return box;
}

/**
 * The text of an ASCII DXF, decoded by its `$DWGCODEPAGE` (UTF-8 when it says so); `asUtf8`: the
 * bytes already are that text in UTF-8 (a UTF-8 or pure-ASCII file), so they can be served as they are.
 */
function asciiText(bytes: Uint8Array): { text: string; asUtf8: boolean } {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 65_536)).toString(
    'latin1',
  );
  const codePage = /\$DWGCODEPAGE[\t ]*\r?\n[\t ]*3[\t ]*\r?\n([^\r\n]*)/.exec(head)?.[1]?.trim();
  const label = decoderLabelOf(codePage);
  try {
    return { text: new TextDecoder(label).decode(bytes), asUtf8: label === 'utf-8' || isAscii(bytes) };
  } catch {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    return { text, asUtf8: isAscii(bytes) };
  }
}

/**
 * acad-ts reads a DXF layer's colour number as unsigned, so a layer switched off (negative number)
 * comes out on: switch the layers `off` (read from the LAYER table of the text) off again.
 */
function keepLayersOff(doc: CadDocument, off: readonly string[]): void {
  if (!off.length) return;
  const names = new Set(off);
  for (const layer of doc.layers ?? []) if (names.has(layer.name)) layer.isOn = false;
}

/**
 * The writer's settings: no extended data (XDATA) and no XRECORD objects. They hold other
 * applications' private data, which the drawing viewer never reads; leaving them out makes a DWG's
 * DXF about a fifth smaller and its writing about a third faster (sample_AC1018.dwg: 325 → 252 KB, 14 → 10 ms).
 */
const WRITER_CONFIG = Object.assign(new DxfWriterConfiguration(), {
  writeXData: false,
  writeXRecords: false,
});

/** Write the document as ASCII DXF (UTF-8) to `file`, in chunks of about 1 MiB. */
function writeDxf(doc: CadDocument, file: string): void {
  // The writer knows AC1012 and later; older drawings (R12 DXF) are written as 2000.
  if (doc.header && doc.header.version < ACadVersion.AC1012) doc.header.version = ACadVersion.AC1015;
  mendForWriting(doc);
  const fd = openSync(file, 'w');
  try {
    let pending: string[] = [];
    let size = 0;
    const flush = () => {
      if (pending.length) writeSync(fd, Buffer.from(pending.join(''), 'utf8'));
      pending = [];
      size = 0;
    };
    DxfWriter.writeToStream(
      {
        write: (s: string) => {
          pending.push(s);
          size += s.length;
          if (size > 1 << 20) flush();
        },
      },
      doc,
      false,
      WRITER_CONFIG,
    );
    flush();
  } finally {
    closeSync(fd);
  }
}

/** Convert one drawing and report over IPC (see the module docstring). */
async function convert(inputPath: string, outputPath: string, suffix: string, report = send): Promise<void> {
  try {
    const sniff = sniffDrawing(head(inputPath, 64));
    if (sniff.format === 'unknown')
      throw new Unreadable(
        suffix === 'dwg' ? '不是有效的 DWG 图纸（文件头无法识别）' : '不是有效的 DXF 图纸（文件头无法识别）',
      );
    if (sniff.format === 'dwg' && !READABLE_DWG_VERSIONS[sniff.version])
      throw new Unreadable(
        `暂不支持此 DWG 版本（${sniff.version}），支持 R14 至 2018（AC1014–AC1032），请另存为较新版本或 DXF 后上传`,
      );
    report({ type: 'progress', percent: 5 });
    let bytes = readFileSync(inputPath);
    // acad-ts decodes DXF strings by $DWGCODEPAGE alone; a UTF-8 file (every DXF from 2007 on) that
    // names another code page would come out garbled: make it say UTF-8.
    if (sniff.format === 'dxf-ascii' && isUtf8Dxf(bytes)) bytes = Buffer.from(withUtf8CodePage(bytes));
    const doc = readDocument(bytes, sniff.format);
    // An ASCII DXF is served as its own text (in UTF-8), with LAYER entries added for layers its
    // entities use but its LAYER table lacks (dxf-viewer lists only the table's): nothing is lost to
    // the library's writer, and writing a drawing again would double the time. A UTF-8 or ASCII file
    // that lacks no layer is served as its bytes.
    let original: string | Uint8Array | null = null;
    if (sniff.format === 'dxf-ascii') {
      const { text, asUtf8 } = asciiText(bytes);
      const counts = countDxf(text);
      keepLayersOff(doc, counts.offLayers);
      const listed = new Set(counts.layerNames);
      const missing = [...(doc.layers ?? [])].map((l) => l.name).filter((n) => !listed.has(n));
      original = asUtf8 && !missing.length ? bytes : withLayers(text, missing);
    }
    report({ type: 'progress', percent: 60 });
    if (!doc.header || !doc.modelSpace || !doc.layers)
      throw new Unreadable('图纸缺少模型空间或图层表，文件可能已损坏');
    const entities = doc.modelSpace.entities.count;
    const layouts = [...(doc.layouts ?? [])]
      .filter((l) => l.name.toLowerCase() !== 'model')
      .sort((a, b) => a.tabOrder - b.tabOrder)
      .map((l) => l.name);
    const extents = modelExtents(doc);
    const figures: DrawingFigures = {
      format: sniff.format,
      version: ACadVersion[doc.header.version] ?? String(doc.header.version),
      layers: doc.layers.count,
      entities,
      layouts,
      extents,
      output: original !== null ? 'original' : 'rewritten',
    };
    if (original !== null) writeFileSync(outputPath, original);
    else writeDxf(doc, outputPath);
    report({ type: 'progress', percent: 95 });
    report({ type: 'done', stats: figures });
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    if (err instanceof Unreadable) report({ type: 'failed', reason: detail });
    else if (
      /out of memory|Array buffer allocation failed|Invalid typed array length|Invalid array length/i.test(
        detail,
      )
    )
      report({ type: 'failed', reason: detail, outOfMemory: true });
    else report({ type: 'failed', reason: `图纸无法转换：${detail.slice(0, 200)}` });
  }
}

const argv = process.argv.slice(2);
if (argv.length >= 3) {
  await convert(argv[0]!, argv[1]!, argv[2]!);
  process.exit(0);
} else {
  process.once('disconnect', () => process.exit(0));
  const gc = (globalThis as { gc?: (options?: object) => void }).gc;
  /**
   * V8's memory-reducing full collection: hands a large drawing's heap back to the system (the 20 MB
   * DXF of bench/drawings.ts: 760 → 170 MiB resident in about 130 ms). A plain `gc()` left it at 730.
   */
  const lastResort = { type: 'major', execution: 'sync', flavor: 'last-resort' };
  // Jobs run one after another, in the order they came. Once none has come for IDLE_AFTER_MS the
  // child says `{ type: 'idle' }` and the parent reads its resident memory to decide whether to keep
  // it (under `keepBelowMb`). When it holds more than COLLECT_AT of that (after a large drawing), the
  // collection above first hands the drawing's heap back, so that the next job does not pay a new
  // process's start. Not after every job: the heap a run of 1 MB DWGs grows settles near 275 MiB,
  // under the bound, and a forced collection after each made the next one's parse about twice as
  // slow (sample_AC1018.dwg 40 → 90 ms: it also drops compiled code). Jobs that come one after
  // another wait for none of it.
  let queue = Promise.resolve();
  let waiting = 0;
  let keepBelowMb = Infinity;
  let quiet: NodeJS.Timeout | undefined;
  const settle = () => {
    if (--waiting > 0) return;
    quiet = setTimeout(() => {
      if (process.memoryUsage.rss() / 2 ** 20 > keepBelowMb * COLLECT_AT) gc?.(lastResort);
      send({ type: 'idle' });
    }, IDLE_AFTER_MS);
  };
  process.on('message', (m: { type?: string; args?: string[]; keepBelowMb?: number }) => {
    if (m.type !== 'job' || m.args?.length !== 3) process.exit(2);
    clearTimeout(quiet);
    keepBelowMb = m.keepBelowMb ?? Infinity;
    waiting++;
    queue = queue.then(() => convert(m.args![0]!, m.args![1]!, m.args![2]!)).then(settle);
  });
  // Until the first job: compile the reader's and writer's hot code (warm-up.ts), collect what that
  // left, then say `idle`.
  queue = queue
    .then(() =>
      warmUp(
        (i, o, s) => convert(i, o, s, () => undefined),
        () => waiting > 0,
      ),
    )
    .then(() => {
      if (waiting > 0) return;
      gc?.();
      send({ type: 'idle' });
    });
}
