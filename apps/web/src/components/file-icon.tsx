/**
 * File-type icon for file rows (spec 001 §9 file-type groups: model, iBIM, image, archive, video,
 * office, pdf, txt; folders).
 */
import {
  FileExcelTwoTone,
  FileImageTwoTone,
  FilePdfTwoTone,
  FilePptTwoTone,
  FileTextTwoTone,
  FileTwoTone,
  FileWordTwoTone,
  FileZipTwoTone,
  FolderFilled,
  PlayCircleTwoTone,
  BuildTwoTone,
} from '@ant-design/icons';
import {
  ARCHIVE_SUFFIXES,
  IBIM_SUFFIXES,
  IMAGE_SUFFIXES,
  VIDEO_SUFFIXES,
  VIDEO_TRANSCODE_SUFFIXES,
  isModelSuffix,
} from '@bimdrive/contracts';
import type { ReactElement } from 'react';

const has = (list: readonly string[], s: string) => list.includes(s);
// Word processing, spreadsheet and presentation suffixes of Office, WPS and OpenDocument (issue 14).
const WORD = new Set(['doc', 'docx', 'docm', 'dot', 'dotx', 'wps', 'wpt', 'odt', 'rtf']);
const SHEET = new Set(['xls', 'xlsx', 'xlsm', 'xlt', 'xltx', 'et', 'ett', 'ods', 'csv']);
const SLIDES = new Set(['ppt', 'pptx', 'pptm', 'pps', 'ppsx', 'pot', 'potx', 'dps', 'dpt', 'odp']);

/** Props of FileIcon. */
export interface FileIconProps {
  /** Lower- or upper-case suffix without the dot. */
  suffix: string;
  isFolder?: boolean;
  size?: number;
}

/** An icon chosen by file type (001 §9). */
export function FileIcon({ suffix, isFolder = false, size = 18 }: FileIconProps): ReactElement {
  const style = { fontSize: size };
  const s = suffix.toLowerCase();
  if (isFolder) return <FolderFilled style={{ ...style, color: '#f7b731' }} />;
  if (isModelSuffix(s) || has(IBIM_SUFFIXES, s)) return <BuildTwoTone style={style} twoToneColor="#1677ff" />;
  if (has(IMAGE_SUFFIXES, s)) return <FileImageTwoTone style={style} twoToneColor="#13a8a8" />;
  if (has(VIDEO_SUFFIXES, s) || has(VIDEO_TRANSCODE_SUFFIXES, s))
    return <PlayCircleTwoTone style={style} twoToneColor="#722ed1" />;
  if (has(ARCHIVE_SUFFIXES, s)) return <FileZipTwoTone style={style} twoToneColor="#8c8c8c" />;
  if (s === 'pdf') return <FilePdfTwoTone style={style} twoToneColor="#f5222d" />;
  if (WORD.has(s)) return <FileWordTwoTone style={style} twoToneColor="#2f54eb" />;
  if (SHEET.has(s)) return <FileExcelTwoTone style={style} twoToneColor="#389e0d" />;
  if (SLIDES.has(s)) return <FilePptTwoTone style={style} twoToneColor="#fa541c" />;
  if (s === 'txt' || s === 'md') return <FileTextTwoTone style={style} />;
  return <FileTwoTone style={style} twoToneColor="#8c8c8c" />;
}
