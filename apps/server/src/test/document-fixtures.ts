/**
 * Documents and videos the tests make where ../shared/testdata has none (issue 14 "files the tests
 * make"): a Word document with Chinese text, password-protected copies of real documents (saved by
 * LibreOffice itself), and videos in other containers re-encoded by ffmpeg from the real test videos.
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

const ENCRYPT_PY = `
import sys, time, subprocess, uno
from com.sun.star.beans import PropertyValue
def prop(n, v):
    p = PropertyValue(); p.Name = n; p.Value = v; return p
src, dst, flt, profile = sys.argv[1:5]
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
doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(src), "_blank", 0, (prop("Hidden", True),))
doc.storeToURL(uno.systemPathToFileUrl(dst), (prop("FilterName", flt), prop("Password", "bimdrive")))
doc.close(True)
try:
    desktop.terminate()
except Exception:
    pass
proc.wait(timeout=30)
`;

/**
 * Save a real document again with the password "bimdrive" through LibreOffice (Debian python3-uno).
 * @param filter LibreOffice export filter, e.g. `writer8` (.odt), `MS Word 97` (.doc), `MS Excel 97` (.xls).
 * @returns the encrypted bytes.
 */
export async function makeEncrypted(source: string, filter: string, suffix: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bimdrive-enc-'));
  try {
    const script = path.join(dir, 'encrypt.py');
    const out = path.join(dir, `encrypted.${suffix}`);
    await writeFile(script, ENCRYPT_PY);
    await run('/usr/bin/python3', [script, source, out, filter, path.join(dir, 'profile')], {
      timeout: 120_000,
    });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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
