/**
 * Properties panel of the 3D viewer (spec 001 §2 preview overlay: "the selected element's
 * properties"): the element's attributes (Name, GlobalId, category, type, storey…) and each
 * property / quantity set as a collapsible list; for GLB, the mesh facts and userData.
 */
import { Collapse, Descriptions, Empty, Spin, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEWER_NS } from '../i18n.ts';
import type { PropertyGroup, PropertyRow } from '../lib/properties.ts';

/** What the panel shows: nothing selected, loading, or the element's rows and groups. */
export type PropertiesState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; title: string; attributes: PropertyRow[]; groups: PropertyGroup[] }
  | { status: 'error'; message: string };

/** Props of PropertiesPanel. */
export interface PropertiesPanelProps {
  state: PropertiesState;
}

function Rows({ rows }: { rows: PropertyRow[] }): ReactElement {
  const { t } = useTranslation(VIEWER_NS);
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      styles={{ label: { width: '40%', wordBreak: 'break-word' }, content: { wordBreak: 'break-all' } }}
      items={rows.map((r) => ({
        key: r.key,
        label: t(`attrs.${r.label}`, { defaultValue: r.label }),
        children: r.value,
      }))}
    />
  );
}

/** The properties of the selected element. */
export function PropertiesPanel({ state }: PropertiesPanelProps): ReactElement {
  const { t } = useTranslation(VIEWER_NS);
  let body: ReactElement;
  if (state.status === 'none')
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickHint')} />;
  else if (state.status === 'loading')
    body = <Spin style={{ display: 'block', margin: '32px auto' }} description={t('propsLoading')} />;
  else if (state.status === 'error') body = <Typography.Text type="danger">{state.message}</Typography.Text>;
  else if (!state.attributes.length && !state.groups.length)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noProperties')} />;
  else
    body = (
      <>
        <Typography.Title level={5} style={{ marginTop: 0 }} ellipsis={{ tooltip: state.title }}>
          {state.title}
        </Typography.Title>
        {state.attributes.length > 0 && <Rows rows={state.attributes} />}
        {state.groups.length > 0 && (
          <Collapse
            size="small"
            style={{ marginTop: 12 }}
            defaultActiveKey={state.groups.slice(0, 2).map((g) => g.key)}
            items={state.groups.map((g) => ({
              key: g.key,
              label: `${g.title} (${g.rows.length})`,
              children: <Rows rows={g.rows} />,
              styles: { body: { padding: 0 } },
            }))}
          />
        )}
      </>
    );
  return (
    <div data-testid="viewer-properties" style={{ height: '100%', overflow: 'auto', padding: 12 }}>
      {body}
    </div>
  );
}
