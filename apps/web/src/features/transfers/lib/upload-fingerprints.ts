/**
 * What makes an upload resumable after a page reload (spec 000 §4 Page unload; issue 5): tus-js-client
 * keeps each unfinished upload's URL in localStorage under `tus::<fingerprint>::<random>`, and this
 * product's fingerprint is `bimdrive-tus|<user>|<folder>|<name>|<type>|<size>|<lastModified>`. A new
 * version's folder part is `version:<file iuid>`. Kept apart from the uploader so that the loader
 * (upload-loader.ts) can look for a user's unfinished uploads without loading tus-js-client.
 */

/** Prefix of this product's tus fingerprints. */
export const FINGERPRINT_PREFIX = 'bimdrive-tus';

/**
 * The fingerprint of `file` uploaded into `folder` by `user` (one resumable upload per such triple;
 * folder ids are unique across areas).
 */
export function fingerprintOf(user: string, folder: string, file: File): string {
  return [FINGERPRINT_PREFIX, user, folder, file.name, file.type, file.size, file.lastModified].join('|');
}

/** The folder part of a record's fingerprint: its folder, or `version:<file>` for a new version. */
export function fingerprintFolderOf(r: { folderId: string; versionOf?: string }): string {
  return r.versionOf ? `version:${r.versionOf}` : r.folderId;
}

/** The fingerprint inside a tus-js-client storage key (`tus::<fingerprint>::<random>`). */
export function fingerprintOfKey(key: string): string {
  return key.replace(/^tus::/, '').replace(/::[^:]*$/, '');
}

/** Whether the tus-js-client storage key `key` holds an upload of `user`. */
export function isKeyOfUser(key: string, user: string): boolean {
  return key.startsWith(`tus::${FINGERPRINT_PREFIX}|${user}|`);
}
