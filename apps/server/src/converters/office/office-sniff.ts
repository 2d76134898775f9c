/**
 * What an office file is, read from its first bytes and structure (issue 14: "Password-protected
 * documents fail with 文档已加密"; a file that is not what its suffix says fails with a reason instead
 * of being imported as plain text). LibreOffice does not say why a load failed, so this decides.
 *
 * - ODF (odt/ods/odp…) and OOXML (docx/xlsx/pptx…) are ZIP packages; an ODF package whose
 *   manifest declares `encryption-data` is encrypted.
 * - An OOXML file saved with a password is not a ZIP but an OLE compound file holding an
 *   `EncryptionInfo` stream.
 * - Legacy binary files (doc/xls/ppt, WPS wps/et/dps) are OLE compound files; Word's FIB flag
 *   fEncrypted, Excel's FILEPASS record and PowerPoint's encrypted-session stream mark a password.
 */
import { open } from 'node:fs/promises';
import yauzl from 'yauzl';

/** Verdict on an office file. */
export type OfficeSniff = 'ok' | 'encrypted' | 'invalid';

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const ZIP_SUFFIXES = new Set([
  'docx',
  'xlsx',
  'pptx',
  'docm',
  'xlsm',
  'pptm',
  'ppsx',
  'dotx',
  'xltx',
  'potx',
]);
const ODF_SUFFIXES = new Set(['odt', 'ods', 'odp', 'odg', 'ott', 'ots', 'otp']);
const OLE_SUFFIXES = new Set([
  'doc',
  'xls',
  'ppt',
  'pps',
  'dot',
  'xlt',
  'pot',
  'wps',
  'et',
  'dps',
  'wpt',
  'ett',
  'dpt',
]);
/** Largest prefix scanned for OLE markers (bytes). */
const SCAN_BYTES = 8 * 1024 * 1024;

const utf16 = (s: string) => Buffer.from(s, 'utf16le');

/** Read an ODF manifest and tell whether it declares encrypted entries. */
function odfEncrypted(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return resolve(false);
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'META-INF/manifest.xml' || entry.uncompressedSize > 4 * 1024 * 1024) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return resolve(false);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            found = Buffer.concat(chunks).includes('encryption-data');
            zip.close();
            resolve(found);
          });
          stream.on('error', () => resolve(false));
        });
      });
      zip.on('end', () => resolve(found));
      zip.on('error', () => resolve(false));
      zip.readEntry();
    });
  });
}

/** Whether an OLE compound file's bytes carry a password marker (see module doc). */
export function oleEncrypted(bytes: Buffer): boolean {
  if (bytes.includes(utf16('EncryptionInfo'))) return true; // OOXML agile/standard encryption
  if (bytes.includes(utf16('EncryptedSummary'))) return true; // PowerPoint encrypted session
  // Word: a (mini-)sector starting with the FIB: ident 0xA5EC, nFib of Word 6 or later; fEncrypted is
  // bit 8 of the flags at offset 10.
  for (let at = 512; at + 12 <= bytes.length; at += 64) {
    if (bytes[at] !== 0xec || bytes[at + 1] !== 0xa5) continue;
    const nFib = bytes.readUInt16LE(at + 2);
    if (nFib >= 0x65 && nFib <= 0x200 && ((bytes.readUInt16LE(at + 10) >> 8) & 1) === 1) return true;
  }
  // Excel BIFF8: a (mini-)sector starting with BOF (0x0809) followed soon by FILEPASS (0x002F).
  for (let at = 512; at + 4 <= bytes.length; at += 64) {
    if (bytes.readUInt16LE(at) !== 0x0809) continue;
    let p = at;
    for (let i = 0; i < 8 && p + 4 <= bytes.length; i++) {
      const type = bytes.readUInt16LE(p);
      if (type === 0x002f) return true;
      p += 4 + bytes.readUInt16LE(p + 2);
    }
  }
  return false;
}

/**
 * Classify an office file by its suffix and content.
 * @param file absolute path; @param suffix lower-case suffix without the dot.
 */
export async function sniffOffice(file: string, suffix: string): Promise<OfficeSniff> {
  const fh = await open(file, 'r');
  let head: Buffer;
  try {
    const size = (await fh.stat()).size;
    head = Buffer.alloc(Math.min(size, SCAN_BYTES));
    await fh.read(head, 0, head.length, 0);
  } finally {
    await fh.close();
  }
  const isZip = head.subarray(0, 4).equals(ZIP);
  const isOle = head.subarray(0, 8).equals(OLE);
  if (ZIP_SUFFIXES.has(suffix)) {
    if (isOle) return oleEncrypted(head) ? 'encrypted' : 'invalid';
    return isZip ? 'ok' : 'invalid';
  }
  if (ODF_SUFFIXES.has(suffix)) {
    if (!isZip) return 'invalid';
    return (await odfEncrypted(file)) ? 'encrypted' : 'ok';
  }
  if (OLE_SUFFIXES.has(suffix)) {
    // Word and WPS also write RTF, HTML or XML under these names; LibreOffice reads those.
    if (isOle) return oleEncrypted(head) ? 'encrypted' : 'ok';
    if (isZip) return 'ok'; // a docx saved as .doc
    return head.length > 0 ? 'ok' : 'invalid';
  }
  return head.length > 0 ? 'ok' : 'invalid';
}
