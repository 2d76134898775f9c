import { describe, expect, it } from 'vitest';
import { fingerprintFolderOf, fingerprintOf, fingerprintOfKey, isKeyOfUser } from './upload-fingerprints.ts';

describe('upload fingerprints', () => {
  const file = new File(['abc'], 'a.ifc', { type: 'model/ifc', lastModified: 1700000000000 });

  it('names user, folder and the file, and round-trips through a tus-js-client storage key', () => {
    const fp = fingerprintOf('u1', 'f9', file);
    expect(fp).toBe('bimdrive-tus|u1|f9|a.ifc|model/ifc|3|1700000000000');
    const key = `tus::${fp}::0.123`;
    expect(fingerprintOfKey(key)).toBe(fp);
    expect(isKeyOfUser(key, 'u1')).toBe(true);
    expect(isKeyOfUser(key, 'u')).toBe(false);
    expect(isKeyOfUser(`tus::other|u1|f9::1`, 'u1')).toBe(false);
  });

  it('keys a new version by its file, not its folder', () => {
    expect(fingerprintFolderOf({ folderId: 'f9', versionOf: 'file7' })).toBe('version:file7');
    expect(fingerprintFolderOf({ folderId: 'f9' })).toBe('f9');
  });
});
