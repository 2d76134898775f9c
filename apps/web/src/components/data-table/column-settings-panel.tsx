/**
 * The content of the 列设置 popover (spec 001 §3 table column `visible`): one checkbox per hideable
 * column and 显示全部. Loaded when the popover first opens (issue 17 "Weight and speed": antd's
 * Checkbox.Group and Divider are not part of a file list's first load).
 */
import { Button, Checkbox, Divider } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/** Props of ColumnSettingsPanel. */
export interface ColumnSettingsPanelProps {
  columns: Array<{ key: string; title: string }>;
  hidden: string[];
  onChange: (hidden: string[]) => void;
}

/** The checkboxes and 显示全部. */
export function ColumnSettingsPanel({ columns, hidden, onChange }: ColumnSettingsPanelProps): ReactElement {
  const { t } = useTranslation('dataTable');
  return (
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
}
