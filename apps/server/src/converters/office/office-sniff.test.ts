import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESTDATA } from '../../test/testdata.ts';
import { oleEncrypted, sniffOffice } from './office-sniff.ts';

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** An OLE-looking buffer of `sectors` 512-byte sectors with `put` applied. */
function ole(sectors: number, put: (b: Buffer) => void): Buffer {
  const b = Buffer.alloc(512 * sectors);
  Buffer.from(OLE_MAGIC).copy(b, 0);
  put(b);
  return b;
}

describe('oleEncrypted', () => {
  it('sees an OOXML EncryptionInfo stream name', () => {
    expect(oleEncrypted(ole(4, (b) => Buffer.from('EncryptionInfo', 'utf16le').copy(b, 1024)))).toBe(true);
  });
  it("reads Word's FIB fEncrypted flag and Excel's FILEPASS record", () => {
    const word = (flags: number) =>
      ole(4, (b) => {
        b.writeUInt16LE(0xa5ec, 1536);
        b.writeUInt16LE(0x00c1, 1538);
        b.writeUInt16LE(flags, 1546);
      });
    expect(oleEncrypted(word(0x0100))).toBe(true);
    expect(oleEncrypted(word(0x0000))).toBe(false);
    const excel = ole(4, (b) => {
      b.writeUInt16LE(0x0809, 1024);
      b.writeUInt16LE(16, 1026);
      b.writeUInt16LE(0x002f, 1024 + 4 + 16);
    });
    expect(oleEncrypted(excel)).toBe(true);
  });
});

describe('sniffOffice', () => {
  let dir: string;
  beforeAll(async () => (dir = await mkdtemp(path.join(tmpdir(), 'sniff-'))));
  afterAll(async () => rm(dir, { recursive: true, force: true }));
  it('passes real OOXML files and refuses text named .docx', async () => {
    expect(await sniffOffice(path.join(TESTDATA, 'office/BIM_Execution_Plan.docx'), 'docx')).toBe('ok');
    expect(await sniffOffice(path.join(TESTDATA, 'office/chart-sheet.xlsx'), 'xlsx')).toBe('ok');
    const fake = path.join(dir, 'fake.docx');
    await writeFile(fake, '这不是 Word 文档');
    expect(await sniffOffice(fake, 'docx')).toBe('invalid');
  });
  it('calls an OLE container named .docx with EncryptionInfo encrypted', async () => {
    const f = path.join(dir, 'enc.docx');
    await writeFile(
      f,
      ole(4, (b) => Buffer.from('EncryptionInfo', 'utf16le').copy(b, 1024)),
    );
    expect(await sniffOffice(f, 'docx')).toBe('encrypted');
  });
});
