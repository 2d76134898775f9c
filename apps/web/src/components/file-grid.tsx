/**
 * The grid view of a file list (issue 14): one card per row with its thumbnail (FileThumb) or a large
 * type icon, the name (one line, ellipsis, full name in the tooltip) and, for files queued, converting
 * or failed, their status (001 §4). A folder card opens the folder, a file card opens the preview, like
 * the table's name cell (001 §2). Cards flow in as many columns as fit (two on a 390 px phone), with
 * the same server paging as the table.
 */
import { FileKind, StatusType, type FileRowValue } from '@bimdrive/contracts';
import { Tooltip } from 'antd';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConversionStatus } from './conversion-status.tsx';
import { FileThumb } from './file-thumb.tsx';
import { LightPagination } from './light/light-pagination.tsx';
import './file-grid.css';
import { LightSpinning } from './light/light-spinning.tsx';

/** Props of FileGrid. */
export interface FileGridProps<Row extends FileRowValue = FileRowValue> {
  rows: Row[];
  total: number;
  loading: boolean;
  /** 1-based page and page size (the table's state). */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number, pageSize: number) => void;
  onOpenFolder: (row: Row) => void;
  onPreview: (row: Row) => void;
  /** Row to highlight (located file). */
  highlightId?: string;
  /** Shown instead of the cards when there are no rows. */
  empty?: ReactNode;
}

const SHOWN_STATUS: number[] = [StatusType.queued, StatusType.converting, StatusType.failed];

/** Cards of file rows with the stable test attributes (`file-grid`, `data-card-name`). */
export function FileGrid<Row extends FileRowValue = FileRowValue>(props: FileGridProps<Row>): ReactElement {
  const { t } = useTranslation(['common', 'dataTable']);
  const open = (r: Row) => (r.fileType === FileKind.folder ? props.onOpenFolder(r) : props.onPreview(r));
  const onKey = (e: KeyboardEvent, r: Row) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open(r);
    }
  };
  return (
    <LightSpinning spinning={props.loading}>
      <div data-testid="file-grid">
        {props.rows.length === 0 && !props.loading ? (
          props.empty
        ) : (
          <div className="file-grid">
            {props.rows.map((r) => (
              <div
                key={r.iuid}
                role="button"
                tabIndex={0}
                className={`file-grid-card${r.iuid === props.highlightId ? ' row-located' : ''}`}
                data-card-name={r.fileName}
                onClick={() => open(r)}
                onKeyDown={(e) => onKey(e, r)}
              >
                <div className="file-grid-thumb">
                  <FileThumb row={r} fill iconSize={48} />
                </div>
                <Tooltip title={r.fileName} mouseEnterDelay={0.5}>
                  <div className="file-grid-name">{r.fileName}</div>
                </Tooltip>
                <div className="file-grid-meta">
                  {r.fileType !== FileKind.folder && SHOWN_STATUS.includes(r.statusType) ? (
                    <ConversionStatus
                      statusType={r.statusType}
                      fileType={r.fileType}
                      progress={r.progress}
                      statusMsg={r.statusMsg}
                    />
                  ) : (
                    <span>
                      {r.fileType === FileKind.folder ? t('dataTable:file.groups.folder') : r.fileSize}
                    </span>
                  )}
                </div>
              </div>
            ))}
          </div>
        )}
        {props.total > 0 && (
          <LightPagination
            className="file-grid-pager"
            current={props.page}
            pageSize={props.pageSize}
            total={props.total}
            pageSizeOptions={props.pageSizes}
            showTotal={(n) => t('table.total', { count: n })}
            onChange={props.onPageChange}
          />
        )}
      </div>
    </LightSpinning>
  );
}
