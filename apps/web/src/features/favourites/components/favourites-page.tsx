/**
 * 我的收藏 (spec 001 §2): `/myCollection` (personal file group: 我的文件 and projects) and
 * `/myCollectionKnowledgeBase` (library group: knowledge bases and public libraries). Collected files
 * in the shared file table with their location (定位 opens the file's area at its folder with its row
 * marked), preview, download and 取消收藏 through the collect call of the file's area (message 已取消,
 * 000 §8), one or many at once; sorting, filters and paging run on the server.
 */
import { StarOutlined } from '@ant-design/icons';
import { locateUrl, type FileRowValue } from '@bimdrive/contracts';
import { Empty, Space, Typography } from 'antd';
import { useFeedback } from '../../../lib/feedback.tsx';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { stateToParams } from '../../../components/data-table/table-state.ts';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state.ts';
import { FILE_TABLE_CONFIG, FileTable } from '../../../components/file-table.tsx';
import { PageToolbar, RefreshButton } from '../../../components/page-toolbar.tsx';
import { isPreviewReady } from '../../../components/status-label.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useMyCollectionList, type FavouriteGroup } from '../api/get-my-collection-list.ts';
import { useSetCollected } from '../api/set-collected.ts';
import '../i18n.ts';

/** Props of FavouritesPage. */
export interface FavouritesPageProps {
  /** `files`: 我的文件 and projects; `libraries`: knowledge bases and public libraries. */
  group: FavouriteGroup;
  onPreview: (row: FileRowValue) => void;
}

/** A favourites screen. */
export function FavouritesPage({ group, onPreview }: FavouritesPageProps): ReactElement {
  const { t } = useTranslation(['favourites', 'common']);
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [table, setTable] = useTableUrlState(FILE_TABLE_CONFIG);
  const list = useMyCollectionList(group, stateToParams(table, FILE_TABLE_CONFIG, { withPaging: true }));
  const collect = useSetCollected();
  const texts = group === 'libraries' ? 'libraries.' : '';

  const toggle = async (row: FileRowValue) => {
    try {
      await collect.mutateAsync({ iuid: row.iuid, collect: !row.collectbit, kind: row.spaceKind });
      void message.success(row.collectbit ? t('common:msg.uncollected') : t('common:msg.collected'));
    } catch {
      /* toasted */
    }
  };

  const uncollectAll = async (rows: FileRowValue[]) => {
    try {
      for (const r of rows) await collect.mutateAsync({ iuid: r.iuid, collect: false, kind: r.spaceKind });
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
    <div className="page-card" data-testid={`favourites-${group}`}>
      <PageToolbar icon={StarOutlined} iconColor="#faad14" title={t('title')}>
        <RefreshButton query={list}>{t('refresh')}</RefreshButton>
      </PageToolbar>
      <FileTable
        rows={list.data?.list ?? []}
        total={list.data?.count ?? 0}
        loading={list.isLoading}
        tableId={group === 'libraries' ? 'myCollectionKnowledgeBase' : 'myCollection'}
        state={table}
        onStateChange={setTable}
        onLocate={(r) => void navigate(locateUrl(r))}
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
                  <Typography.Text strong>{t(`${texts}emptyTitle`)}</Typography.Text>
                  <Typography.Text type="secondary">{t(`${texts}emptyDesc`)}</Typography.Text>
                </Space>
              }
            />
          )
        }
      />
    </div>
  );
}
