/**
 * The head row of a list page (`.page-toolbar` in app.css): a level-5 title led by a coloured icon on
 * the left, the page's own controls (search, refresh, export…) on the right. `RefreshButton` is the
 * 刷新 button those pages share: it refetches a TanStack query and spins while a refetch (not the
 * first load) runs.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import type { ComponentType, CSSProperties, ReactElement, ReactNode } from 'react';

/** Props of PageToolbar. */
export interface PageToolbarProps {
  /** An @ant-design/icons component, drawn before the title in `iconColor`. */
  icon: ComponentType<{ style?: CSSProperties }>;
  /** CSS colour of the icon; antd blue by default. */
  iconColor?: string;
  title: ReactNode;
  /** The controls on the right, if any. */
  children?: ReactNode;
}

/** A list page's title row with its controls. */
export function PageToolbar({
  icon: Icon,
  iconColor = '#1677ff',
  title,
  children,
}: PageToolbarProps): ReactElement {
  return (
    <div className="page-toolbar">
      <Typography.Title level={5} style={{ margin: 0 }}>
        <Icon style={{ color: iconColor, marginRight: 8 }} />
        {title}
      </Typography.Title>
      {children}
    </div>
  );
}

/** The part of a TanStack query result RefreshButton uses. */
export interface RefetchableQuery {
  refetch: () => unknown;
  isFetching: boolean;
  isLoading: boolean;
}

/** 刷新: refetches `query`; loading while a refetch runs after the first load. `children` is the label. */
export function RefreshButton({
  query,
  children,
}: {
  query: RefetchableQuery;
  children: ReactNode;
}): ReactElement {
  return (
    <Button
      icon={<ReloadOutlined />}
      onClick={() => void query.refetch()}
      loading={query.isFetching && !query.isLoading}
    >
      {children}
    </Button>
  );
}
