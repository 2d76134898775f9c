/** Presents file rows as the API shapes of spec 001 §3 (rows never leave the server as they are). */
import { formatFileSize, type FileRowValue } from '@bimdrive/contracts';
import { formatDateTime } from '../../lib/time.ts';
import type { FileRowDb } from './files.repository.ts';
import { previewKindFor } from './preview-kind.ts';
import { thumbUrlOf, type ThumbSigner } from '../thumbnails/thumb-urls.ts';

/**
 * Present one row; `fullPath` is the display path of its folder, e.g. "我的文件/图纸/". With `thumb`
 * (thumb-urls.ts `thumbSigner` of the caller) a row whose thumbnail is made carries its signed
 * `thumbUrl` (issue 14); pass it only for rows the caller may list.
 */
export function presentFile(
  f: FileRowDb,
  opts: { collected: boolean; fullPath: string; thumb?: ThumbSigner },
): FileRowValue {
  const isFolder = f.kind === 1;
  return {
    iuid: f.id,
    fileName: f.name,
    fileSuffix: f.suffix,
    fileType: f.kind,
    parentIUID: f.parentId ?? '',
    spaceId: f.spaceId,
    fullPath: opts.fullPath,
    fileSize: isFolder ? '' : formatFileSize(f.sizeBytes),
    fileBytes: f.sizeBytes,
    statusType: f.statusType,
    progress: f.progress,
    statusMsg: f.statusMsg,
    previewKind: isFolder ? 'none' : previewKindFor(f.suffix),
    collectbit: opts.collected,
    lookbit: 1,
    createTime: formatDateTime(f.createdAt),
    updateTime: formatDateTime(f.updatedAt),
    thumbUrl: opts.thumb ? thumbUrlOf(opts.thumb, f) : null,
  };
}

/** Root folder name of the personal space (001 §2 "My files"). */
export const PERSONAL_ROOT_NAME = '我的文件';
