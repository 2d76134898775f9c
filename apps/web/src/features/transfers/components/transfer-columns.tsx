/**
 * What the transfer panel's three tables share (spec 000 §2 File-transfer panel): the table settings
 * (rows keyed by iuid, small, unpaged), the empty text, and the columns 文件名 (with the file's icon),
 * 大小, 路径 (whole path in a tooltip) and 状态 (its cell tagged `<kind>-status-<file name>` for tests),
 * and the 取消 / 移除 link of a transfer's row.
 *
 * Shape: `useTransferColumns()` → `{ nameAndSize, pathColumn, statusColumn, emptyText }`;
 * `<CancelOrRemove running onClick />`.
 */
import { Button, Empty, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { ReactElement, ReactNode, TdHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import '../i18n.ts';
import { NameCell } from './transfer-cells.tsx';

/** Height of the panel, px. */
export const TRANSFER_PANEL_HEIGHT = 460;

/** Settings of each of the panel's tables. */
export const TRANSFER_TABLE = { rowKey: 'iuid', size: 'small', pagination: false } as const;

/** The transfer tables' scroll area (the panel's height less its header, tabs and padding). */
export const TRANSFER_TABLE_SCROLL = { y: TRANSFER_PANEL_HEIGHT - 170 } as const;

/** See the module docstring. */
export function useTransferColumns() {
  const { t } = useTranslation('transfers');
  return {
    /** 文件名 and 大小 (`size` formats a row's size; `sizeWidth` px). */
    nameAndSize: <T extends { fileName: string }>(
      size: (r: T) => string,
      sizeWidth: number,
    ): TableColumnsType<T> => [
      {
        title: t('col.fileName'),
        key: 'name',
        ellipsis: true,
        render: (_: unknown, r) => <NameCell name={r.fileName} />,
      },
      { title: t('col.size'), key: 'size', width: sizeWidth, render: (_: unknown, r) => size(r) },
    ],
    /** 路径, the whole path in a tooltip. */
    pathColumn: <T extends { fullPath: string }>(): TableColumnsType<T>[number] => ({
      title: t('col.path'),
      key: 'path',
      width: 140,
      ellipsis: { showTitle: false },
      render: (_: unknown, r) => (
        <Tooltip title={r.fullPath}>
          <Typography.Text type="secondary">{r.fullPath || '-'}</Typography.Text>
        </Tooltip>
      ),
    }),
    /** 状态, 150 px, its cell tagged `<kind>-status-<file name>`. */
    statusColumn: <T extends { fileName: string }>(
      kind: 'upload' | 'download',
      render: (r: T) => ReactNode,
    ): TableColumnsType<T>[number] => ({
      title: t('col.status'),
      key: 'status',
      width: 150,
      onCell: (r) =>
        ({ 'data-testid': `${kind}-status-${r.fileName}` }) as TdHTMLAttributes<HTMLTableCellElement>,
      render: (_: unknown, r) => render(r),
    }),
    /** A table's empty text (an i18n key of the transfers namespace). */
    emptyText: (key: 'emptyCompleted' | 'emptyUploading' | 'emptyDownloading') => ({
      emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(key)} />,
    }),
  };
}

/** 取消 (red) while the transfer runs; 移除 once it has ended, which only takes its row off. */
export function CancelOrRemove({
  running,
  onClick,
}: {
  running: boolean;
  onClick: () => void;
}): ReactElement {
  const { t } = useTranslation('transfers');
  const label = running ? t('cancel') : t('removeDone');
  return (
    <Button type="link" size="small" danger={running} onClick={onClick} aria-label={label}>
      {label}
    </Button>
  );
}
