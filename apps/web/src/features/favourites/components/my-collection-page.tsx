/**
 * 我的收藏 `/myCollection` (spec 001 §2 personal file group): collected files in the shared file table
 * with their location (opens the file's folder with its row marked), preview, download and 取消收藏
 * (message 已取消, 000 §8), one or many at once; sorting, filters and paging run on the server.
 */
import { ReloadOutlined, StarOutlined } from '@ant-design/icons';
import type { FileRowValue } from '@bimdrive/contracts';
import { App, Button, Empty, Space, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { stateToParams } from '../../../components/data-table/table-state.ts';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state.ts';
import { FILE_TABLE_CONFIG, FileTable } from '../../../components/file-table.tsx';
import { isPreviewReady } from '../../../components/status-label.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useSession } from '../../../stores/session-store.ts';
import { useMyCollectionList } from '../api/get-my-collection-list.ts';
import { useSetCollected } from '../api/set-collected.ts';
import '../i18n.ts';

/**
 * Where 定位 opens a favourite (001 §2): a file of the personal space (its spaceId is the user's id) in
 * /myDocument, a project's file in /projectFile with its project (issue 5), both with
 * `pageMode=location&iuid=` so the folder opens and the row is highlighted.
 */
export function locatePath(row: Pick<FileRowValue, 'iuid' | 'spaceId'>, userId: string): string {
  const q = `pageMode=location&iuid=${encodeURIComponent(row.iuid)}`;
  return row.spaceId && row.spaceId !== userId
    ? `/projectFile?${q}&projectId=${encodeURIComponent(row.spaceId)}`
    : `/myDocument?${q}`;
}

/** Props of MyCollectionPage. */
export interface MyCollectionPageProps {
  onPreview: (row: FileRowValue) => void;
}

/** The favourites screen. */
export function MyCollectionPage({ onPreview }: MyCollectionPageProps): ReactElement {
  const { t } = useTranslation(['favourites', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [table, setTable] = useTableUrlState(FILE_TABLE_CONFIG);
  const list = useMyCollectionList(stateToParams(table, FILE_TABLE_CONFIG, { withPaging: true }));
  const collect = useSetCollected();

  const toggle = async (row: FileRowValue) => {
    try {
      await collect.mutateAsync({ iuid: row.iuid, collect: !row.collectbit });
      void message.success(row.collectbit ? t('common:msg.uncollected') : t('common:msg.collected'));
    } catch {
      /* toasted */
    }
  };

  const uncollectAll = async (rows: FileRowValue[]) => {
    try {
      for (const r of rows) await collect.mutateAsync({ iuid: r.iuid, collect: false });
      void message.success(t('common:msg.uncollected'));
    } catch {
      /* toasted */
    }
  };

  const preview = (row: FileRowValue) => {
    if (!isPreviewReady(row)) {
      void message.warning(t('common:msg.notConverted'));
      return;
    }
    onPreview(row);
  };

  return (
    <div className="page-card">
      <div className="page-toolbar">
        <Typography.Title level={5} style={{ margin: 0 }}>
          <StarOutlined style={{ color: '#faad14', marginRight: 8 }} />
          {t('title')}
        </Typography.Title>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void list.refetch()}
          loading={list.isFetching && !list.isLoading}
        >
          {t('refresh')}
        </Button>
      </div>
      <FileTable
        rows={list.data?.list ?? []}
        total={list.data?.count ?? 0}
        loading={list.isLoading}
        tableId="myCollection"
        state={table}
        onStateChange={setTable}
        onLocate={(r) => void navigate(locatePath(r, user?.userID ?? ''))}
        bulkActions={[
          {
            key: 'uncollect',
            label: t('common:action.uncollect'),
            icon: <StarOutlined />,
            onClick: (rows) => void uncollectAll(rows),
          },
        ]}
        onPreview={preview}
        onDownload={(r) => void downloadFile(r.iuid, r.fileName)}
        onToggleCollect={(r) => void toggle(r)}
        showLocation
        empty={
          list.isLoading ? undefined : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              style={{ padding: '48px 0' }}
              description={
                <Space orientation="vertical" size={4}>
                  <Typography.Text strong>{t('emptyTitle')}</Typography.Text>
                  <Typography.Text type="secondary">{t('emptyDesc')}</Typography.Text>
                </Space>
              }
            />
          )
        }
      />
    </div>
  );
}
