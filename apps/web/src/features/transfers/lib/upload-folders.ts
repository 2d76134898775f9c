/**
 * Where uploads go (spec 000 §2 File-transfer panel; issue 5 folder uploads): the target folder of an
 * area, and for files of a folder pick or drop (`webkitRelativePath`, or `relativePath` set by a drop)
 * the folders to create under it first — parents before children, an existing folder of the same
 * name (case-insensitive) reused.
 */
import {
  Api,
  ResultCode,
  type FileRowValue,
  type ListDataValue,
  type SpaceKindValue,
} from '@bimdrive/contracts';
import { request } from '../../../lib/api-client.ts';
import i18n from '../../../lib/i18n.ts';

/** Where files go: a folder ('' = root) of an area (`spaceId`, '' = 我的文件) and its display path. */
export interface UploadTarget {
  folderId: string;
  fullPath: string;
  spaceId?: string;
  /** The area's kind: picks the list-add call that confirms finished uploads (001 §7). */
  spaceKind?: SpaceKindValue;
}

/** A file with the path relative to the dropped or picked folder (`图纸/一层/a.ifc`), when it has one. */
export type FileWithPath = File & { relativePath?: string };

/** The relative path of a file of a folder pick or drop; '' for a plain file. */
export function relativePathOf(f: FileWithPath): string {
  const rel = f.relativePath || f.webkitRelativePath || '';
  return rel.includes('/') || rel.includes('\\') ? rel : '';
}

/** Create (or find) the folder `name` under `parentId` of the area `spaceId`; answers its id. */
async function ensureFolder(spaceId: string, parentId: string, name: string): Promise<string> {
  const created = await request<FileRowValue>({
    method: 'POST',
    url: Api.folderAdd,
    data: { parentIUID: parentId, fileName: name, spaceId },
    silent: true,
  });
  if (created.code === ResultCode.ok) return created.data.iuid;
  // Already there: look it up in the parent folder.
  for (let page = 1; page <= 40; page++) {
    const listed = await request<ListDataValue>({
      url: Api.myDocumentList,
      params: { spaceId, folderId: parentId, page, rows: 500 },
      silent: true,
    });
    if (listed.code !== ResultCode.ok) break;
    const hit = listed.data.list.find(
      (f) => f.fileType === 1 && f.fileName.toLowerCase() === name.toLowerCase(),
    );
    if (hit) return hit.iuid;
    if (page * 500 >= listed.data.count) break;
  }
  throw new Error(created.msg || i18n.t('transfers:folderFailed'));
}

/**
 * The targets of folder paths under `target`: `(dirs)` answers the target of `a/b` (dirs ['a','b']),
 * creating the missing folders once each, however many files share them.
 * @throws (through the promise) the server's message when a folder cannot be created or found.
 */
export function folderTargetsUnder(target: UploadTarget): (dirs: string[]) => Promise<UploadTarget> {
  const folders = new Map<string, Promise<UploadTarget>>([['', Promise.resolve(target)]]);
  const folderTarget = (dirs: string[]): Promise<UploadTarget> => {
    const key = dirs.join('/');
    const known = folders.get(key);
    if (known) return known;
    const parent = folderTarget(dirs.slice(0, -1));
    const name = dirs[dirs.length - 1]!;
    const made = parent.then(async (p) => ({
      folderId: await ensureFolder(target.spaceId ?? '', p.folderId, name),
      fullPath: `${p.fullPath}${name}/`,
      spaceId: target.spaceId,
      spaceKind: target.spaceKind,
    }));
    folders.set(key, made);
    return made;
  };
  return folderTarget;
}
