/**
 * 我的收藏 of the libraries `/myCollectionKnowledgeBase` (issue 5; 001 §2 library group): collected
 * files of the knowledge bases and public libraries in the shared file table, with their location
 * (opens the library at the file's folder with its row marked), preview, download and 取消收藏 through
 * the library collect endpoints (one or many at once); sorting, filters and paging on the server.
 */
import { ReloadOutlined, StarOutlined } from '@ant-design/icons';
import {
  LIBRARY_KINDS,
  LIBRARY_ROUTES,
  type FileRowValue,
  type LibraryKindValue,
  type SpaceKindValue,
} from '@bimdrive/contracts';
import { useQueries } from '@tanstack/react-query';
import { App, Button, Empty, Space, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { stateToParams } from '../../../components/data-table/table-state.ts';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state.ts';
import { FILE_TABLE_CONFIG, FileTable } from '../../../components/file-table.tsx';
import { isPreviewReady } from '../../../components/status-label.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useLibraryCollectionList } from '../api/get-library-collection-list.ts';
import { libraryQueryOptions } from '../api/get-library.ts';
import { useSetLibraryCollected } from '../api/set-library-collected.ts';
import '../i18n.ts';

/** Props of LibraryCollectionPage. */
export interface LibraryCollectionPageProps {
  onPreview: (row: FileRowValue) => void;
  /** Library kinds the caller's menu offers (Company is absent in the personal edition). */
  kinds?: readonly LibraryKindValue[];
}

/** The libraries' favourites screen. */
export function LibraryCollectionPage({
  onPreview,
  kinds = LIBRARY_KINDS,
}: LibraryCollectionPageProps): ReactElement {
  const { t } = useTranslation(['libraries', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [table, setTable] = useTableUrlState(FILE_TABLE_CONFIG);
  const list = useLibraryCollectionList(stateToParams(table, FILE_TABLE_CONFIG, { withPaging: true }));
  const collect = useSetLibraryCollected();
  // Which library each row lives in (space id → kind), for the collect endpoint and 定位.
  const libraries = useQueries({ queries: kinds.map((k) => libraryQueryOptions(k)) });
  const kindOf = new Map<string, SpaceKindValue>();
  for (const q of libraries) if (q.data) kindOf.set(q.data.spaceId, q.data.kind);

  const uncollect = async (rows: FileRowValue[]) => {
    try {
      for (const r of rows)
        await collect.mutateAsync({ iuid: r.iuid, kind: kindOf.get(r.spaceId), collect: false });
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

  const locate = (row: FileRowValue) => {
    const kind = kindOf.get(row.spaceId);
    if (kind && kind in LIBRARY_ROUTES)
      void navigate(`${LIBRARY_ROUTES[kind as LibraryKindValue]}?pageMode=location&iuid=${row.iuid}`);
  };

  return (
    <div className="page-card" data-testid="library-collection-page">
      <div className="page-toolbar">
        <Typography.Title level={5} style={{ margin: 0 }}>
          <StarOutlined style={{ color: '#faad14', marginRight: 8 }} />
          {t('collection.title')}
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
        tableId="myCollectionKnowledgeBase"
        state={table}
        onStateChange={setTable}
        onLocate={locate}
        bulkActions={[
          {
            key: 'uncollect',
            label: t('common:action.uncollect'),
            icon: <StarOutlined />,
            onClick: (rows) => void uncollect(rows),
          },
        ]}
        onPreview={preview}
        onDownload={(r) => void downloadFile(r.iuid, r.fileName)}
        onToggleCollect={(r) => void uncollect([r])}
        showLocation
        empty={
          list.isLoading ? undefined : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              style={{ padding: '48px 0' }}
              description={
                <Space orientation="vertical" size={4}>
                  <Typography.Text strong>{t('collection.emptyTitle')}</Typography.Text>
                  <Typography.Text type="secondary">{t('collection.emptyDesc')}</Typography.Text>
                </Space>
              }
            />
          )
        }
      />
    </div>
  );
}
