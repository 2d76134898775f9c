/**
 * Column visibility of the data table (spec 001 §3 table column `visible`): a settings popover with
 * one checkbox per hideable column, remembered per table in localStorage under
 * `bimdrive.dataTable.<tableId>.hidden` (a JSON array of hidden column keys).
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover, Tooltip } from 'antd';
import { useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

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
    <div style={{ minWidth: 160 }} data-testid="column-settings">
      <Checkbox.Group
        style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
        value={columns.filter((c) => !hidden.includes(c.key)).map((c) => c.key)}
        onChange={(shown) => onChange(columns.filter((c) => !shown.includes(c.key)).map((c) => c.key))}
        options={columns.map((c) => ({ value: c.key, label: c.title }))}
      />
      <Divider style={{ margin: '8px 0' }} />
      <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onChange([])}>
        {t('showAll')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columnsTitle')} content={content}>
      <Tooltip title={t('columns')} mouseEnterDelay={0.3}>
        <Button icon={<SettingOutlined />} aria-label={t('columns')} data-testid="column-settings-button" />
      </Tooltip>
    </Popover>
  );
}
