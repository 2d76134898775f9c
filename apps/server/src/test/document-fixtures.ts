/**
 * Documents and videos the tests make where ../shared/testdata has none (issue 14 "files the tests
 * make"): a Word document with Chinese text, real documents saved again in other office formats or
 * with a password (by LibreOffice itself), and videos in other containers re-encoded by ffmpeg from the real test videos.
 * Used by the integration tests and the e2e journeys.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yazl from 'yazl';

const run = promisify(execFile);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A minimal but complete WordprocessingML package (.docx): one paragraph per line of `lines`, the
 * first as a heading-sized run, East Asian font hint SimSun (LibreOffice substitutes a CJK font).
 */
export async function makeChineseDocx(lines: string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const add = (name: string, xml: string) => zip.addBuffer(Buffer.from(xml, 'utf8'), name);
  add(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  add(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  const paras = lines
    .map(
      (line, i) =>
        `<w:p><w:r><w:rPr><w:rFonts w:eastAsia="SimSun"/>${i === 0 ? '<w:b/><w:sz w:val="36"/>' : ''}</w:rPr><w:t xml:space="preserve">${esc(line)}</w:t></w:r></w:p>`,
    )
    .join('');
  add(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paras}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`,
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const SAVE_AS_PY = `
import json, sys, time, subprocess, uno
from com.sun.star.beans import PropertyValue
def prop(n, v):
    p = PropertyValue(); p.Name = n; p.Value = v; return p
jobs, profile = json.loads(sys.argv[1]), sys.argv[2]
pipe = "bimdrive-fixture-%d" % time.time_ns()
proc = subprocess.Popen(["soffice", "--headless", "--norestore", "--nologo", "-env:UserInstallation=" + uno.systemPathToFileUrl(profile), "--accept=pipe,name=%s;urp;" % pipe], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
local = uno.getComponentContext()
resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
for _ in range(600):
    try:
        ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe); break
    except Exception:
        time.sleep(0.1)
desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
for src, dst, flt, password in jobs:
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(src), "_blank", 0, (prop("Hidden", True),))
    props = (prop("FilterName", flt),) + ((prop("Password", password),) if password else ())
    doc.storeToURL(uno.systemPathToFileUrl(dst), props)
    doc.close(True)
try:
    desktop.terminate()
except Exception:
    pass
proc.wait(timeout=30)
`;

/** One document to save again: a real source, LibreOffice's export filter, the new suffix, a password. */
export interface SaveAsJob {
  source: string;
  /** e.g. `writer8` (.odt), `MS Word 97` (.doc), `MS Excel 97` (.xls), `Rich Text Format` (.rtf). */
  filter: string;
  suffix: string;
  /** Saved with this password when given. */
  password?: string;
}

/**
 * Save real documents again in other formats (and with a password when asked) through one
 * LibreOffice run (Debian python3-uno). @returns the new files' bytes, in the order of `jobs`.
 */
export async function saveAs(jobs: SaveAsJob[]): Promise<Buffer[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bimdrive-saveas-'));
  try {
    const script = path.join(dir, 'save-as.py');
    await writeFile(script, SAVE_AS_PY);
    const outs = jobs.map((j, i) => path.join(dir, `out-${i}.${j.suffix}`));
    const spec = jobs.map((j, i) => [j.source, outs[i], j.filter, j.password ?? '']);
    await run('/usr/bin/python3', [script, JSON.stringify(spec), path.join(dir, 'profile')], {
      timeout: 180_000,
    });
    return await Promise.all(outs.map((o) => readFile(o)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A real document saved again with the password "bimdrive" (see saveAs). */
export async function makeEncrypted(source: string, filter: string, suffix: string): Promise<Buffer> {
  const [bytes] = await saveAs([{ source, filter, suffix, password: 'bimdrive' }]);
  return bytes!;
}

/**
 * Re-encode a real video with ffmpeg into another container/codec, e.g.
 * `makeVideo(avi, 'wmv', ['-c:v', 'wmv2', '-c:a', 'wmav2'])`. @returns the bytes.
 */
export async function makeVideo(source: string, suffix: string, codecArgs: string[]): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bimdrive-video-'));
  try {
    const out = path.join(dir, `video.${suffix}`);
    await run('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-i', source, ...codecArgs, out], {
      timeout: 120_000,
    });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A zip of `[name, bytes]` entries (UTF-8 names), as yazl writes it. */
export async function makeZip(entries: [string, Uint8Array][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(Buffer.from(bytes), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
