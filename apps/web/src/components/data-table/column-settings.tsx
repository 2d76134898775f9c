/**
 * Column visibility of the data table (spec 001 §3 table column `visible`): a settings popover with
 * one checkbox per hideable column, remembered per table in localStorage under
 * `bimdrive.dataTable.<tableId>.hidden` (a JSON array of hidden column keys). The popover's content
 * (column-settings-panel.tsx) loads when it first opens (issue 17).
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Popover, Tooltip } from 'antd';
import { lazy, Suspense, useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

// The popover's checkboxes load when it first opens (issue 17).
const ColumnSettingsPanel = lazy(async () => ({
  default: (await import('./column-settings-panel.tsx')).ColumnSettingsPanel,
}));

/** What the popover shows while its checkboxes load. */
const PANEL_LOADING = <div style={{ minWidth: 160, minHeight: 96 }} aria-busy="true" />;

const storageKey = (tableId: string) => `bimdrive.dataTable.${tableId}.hidden`;

/** Hidden column keys stored for a table, or `fallback` when none are (or storage is unreadable). */
export function readHiddenColumns(tableId: string, fallback: string[]): string[] {
  try {
    const raw = localStorage.getItem(storageKey(tableId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : fallback;
  } catch {
    return fallback;
  }
}

/** Hidden columns of a table and a setter that also stores them. */
export function useHiddenColumns(
  tableId: string,
  defaultHidden: string[],
): [string[], (hidden: string[]) => void] {
  const [hidden, setHidden] = useState(() => readHiddenColumns(tableId, defaultHidden));
  const update = useCallback(
    (next: string[]) => {
      setHidden(next);
      try {
        localStorage.setItem(storageKey(tableId), JSON.stringify(next));
      } catch {
        /* private mode: kept for this visit only */
      }
    },
    [tableId],
  );
  return [hidden, update];
}

/** Props of ColumnSettings. */
export interface ColumnSettingsProps {
  columns: Array<{ key: string; title: string }>;
  hidden: string[];
  onChange: (hidden: string[]) => void;
}

/** The 列设置 button and its popover. */
export function ColumnSettings({ columns, hidden, onChange }: ColumnSettingsProps): ReactElement {
  const { t } = useTranslation('dataTable');
  const content = (
    <Suspense fallback={PANEL_LOADING}>
      <ColumnSettingsPanel columns={columns} hidden={hidden} onChange={onChange} />
    </Suspense>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columnsTitle')} content={content}>
      <Tooltip title={t('columns')} mouseEnterDelay={0.3}>
        <Button icon={<SettingOutlined />} aria-label={t('columns')} data-testid="column-settings-button" />
      </Tooltip>
    </Popover>
  );
}
