/**
 * A file's picture in the file table and the grid (issue 14): its server-made thumbnail (`thumbUrl`,
 * a WebP at most 320 px on the long side) cropped to a square, loaded lazily, or the file-type icon
 * (FileIcon) for folders, files without one and a thumbnail that fails to load (e.g. its signed URL
 * expired while the page stayed open).
 */
import type { FileRowValue } from '@bimdrive/contracts';
import { FileKind } from '@bimdrive/contracts';
import { useState, type CSSProperties, type ReactElement } from 'react';
import { FileIcon } from './file-icon.tsx';

/** Props of FileThumb. */
export interface FileThumbProps {
  row: Pick<FileRowValue, 'fileSuffix' | 'fileType' | 'thumbUrl' | 'previewKind'>;
  /** Side of the square picture in px (32 in the table). */
  size?: number;
  /** Size of the fallback icon in px. */
  iconSize?: number;
  /** Let the picture fill its box (the grid card) instead of a fixed square. */
  fill?: boolean;
}

/** Thumbnail with the file icon as fallback; the image carries `data-testid="file-thumb"`. */
export function FileThumb({ row, size = 32, iconSize = 20, fill = false }: FileThumbProps): ReactElement {
  // The URL that failed, so a new URL (a refetched row) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const isFolder = row.fileType === FileKind.folder;
  const box: CSSProperties = fill
    ? { width: '100%', height: '100%' }
    : { width: size, height: size, flex: `0 0 ${size}px` };
  if (isFolder || !row.thumbUrl || failed === row.thumbUrl)
    return (
      <span
        aria-hidden
        style={{ ...box, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <FileIcon suffix={row.fileSuffix} isFolder={isFolder} size={iconSize} />
      </span>
    );
  return (
    <img
      data-testid="file-thumb"
      src={row.thumbUrl}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(row.thumbUrl)}
      style={{
        ...box,
        display: 'block',
        objectFit: 'cover',
        // Documents show their top (title block), photos and posters their middle.
        objectPosition: row.previewKind === 'pdf' || row.previewKind === 'office' ? 'center top' : 'center',
        borderRadius: fill ? 0 : 4,
        background: '#f5f5f5',
        boxShadow: fill ? undefined : 'inset 0 0 0 1px rgba(0,0,0,0.06)',
      }}
    />
  );
}
