/**
 * 我的分享 `/myShare` (spec 001 §2 personal file group): the user's share links — file name, link with
 * 复制链接 (链接复制成功), extraction code, 有效期至 (or 永久有效), 状态 (有效 / 已过期) and 取消分享 with a confirm,
 * one or many at once. The shared data table sorts (file name, share time, expiry) and filters (status,
 * share time and expiry ranges) on the server (`ShareListQuery`).
 */
import { CopyOutlined, ShareAltOutlined, StopOutlined } from '@ant-design/icons';
import { SHARE_SORT_FIELDS } from '@bimdrive/contracts';
import { Button, Empty, Tag, Tooltip, Typography } from 'antd';
import { useConfirmedAction } from '../../../lib/confirmed-action.ts';
import { useFeedback } from '../../../lib/feedback.tsx';
import type { HTMLAttributes, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { stateToParams, type TableQueryConfig } from '../../../components/data-table/table-state.ts';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state.ts';
import { FileIcon } from '../../../components/file-icon.tsx';
import { PageToolbar, RefreshButton } from '../../../components/page-toolbar.tsx';
import { absoluteUrl, copyText } from '../../../lib/clipboard.ts';
import { useCancelShare } from '../api/cancel-share.ts';
import type { MyShareRowValue } from '../api/get-my-share-list.ts';
import { useMySharePage } from '../api/get-my-share-page.ts';
import '../i18n.ts';

/** Sorts and filters of 我的分享 (listing.ts `ShareListQuery`). */
export const SHARE_TABLE_CONFIG: TableQueryConfig = {
  sortFields: SHARE_SORT_FIELDS,
  filters: {
    state: { kind: 'checkbox', param: 'state', options: ['valid', 'expired'] },
    createTime: { kind: 'dateRange', param: 'create' },
    expireTime: { kind: 'dateRange', param: 'expire' },
  },
  defaultRows: 20,
  pageSizes: [20, 50, 100],
};

/** The my-shares screen. */
export function MySharePage(): ReactElement {
  const { t } = useTranslation(['myShares', 'common']);
  const { message } = useFeedback();
  const confirm = useConfirmedAction();
  const [table, setTable] = useTableUrlState(SHARE_TABLE_CONFIG);
  const list = useMySharePage(stateToParams(table, SHARE_TABLE_CONFIG, { withPaging: true }));
  const cancel = useCancelShare();

  const copy = async (row: MyShareRowValue) => {
    const url = absoluteUrl(row.webUrl);
    const text = row.pwd ? `${url}\n${t('col.pwd')}: ${row.pwd}` : url;
    if (await copyText(text)) void message.success(t('linkCopied'));
    else void message.error(t('copyFailed'));
  };

  const confirmCancel = (row: MyShareRowValue) =>
    confirm({
      content: t('confirmCancel'),
      action: () => cancel.mutateAsync(row.shareCode),
      success: t('cancelled'),
    });

  const confirmBulkCancel = (rows: MyShareRowValue[]) =>
    confirm({
      content: t('confirmBulkCancel', { count: rows.length }),
      action: async () => {
        for (const r of rows) await cancel.mutateAsync(r.shareCode);
      },
      success: t('cancelled'),
    });

  const columns: Array<DataTableColumn<MyShareRowValue>> = [
    {
      title: t('col.fileName'),
      key: 'fileName',
      sortable: true,
      hideable: false,
      ellipsis: true,
      render: (_: unknown, r) => (
        <span style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
          <FileIcon suffix={r.fileSuffix} size={20} />
          <Typography.Text ellipsis={{ tooltip: r.fileName }}>{r.fileName}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('col.link'),
      key: 'link',
      width: 300,
      render: (_: unknown, r) => (
        <span style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}>
          <Typography.Link href={absoluteUrl(r.webUrl)} target="_blank" ellipsis style={{ maxWidth: 240 }}>
            {absoluteUrl(r.webUrl)}
          </Typography.Link>
          <Tooltip title={t('copyLink')}>
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('copyLink')}
              onClick={() => void copy(r)}
            />
          </Tooltip>
        </span>
      ),
    },
    {
      title: t('col.pwd'),
      key: 'pwd',
      width: 110,
      render: (_: unknown, r) =>
        r.isPublic || !r.pwd ? (
          <Typography.Text type="secondary">{t('public')}</Typography.Text>
        ) : (
          <Typography.Text code copyable={{ text: r.pwd }}>
            {r.pwd}
          </Typography.Text>
        ),
    },
    { title: t('col.createTime'), key: 'createTime', dataIndex: 'createTime', width: 180, sortable: true },
    {
      title: t('col.expire'),
      key: 'expireTime',
      width: 180,
      sortable: true,
      render: (_: unknown, r) => r.expireTime ?? t('forever'),
    },
    {
      title: t('col.status'),
      key: 'state',
      width: 100,
      filterOptions: [
        { value: 'valid', label: t('valid') },
        { value: 'expired', label: t('expired') },
      ],
      render: (_: unknown, r) =>
        r.expired ? <Tag>{t('expired')}</Tag> : <Tag color="success">{t('valid')}</Tag>,
    },
    {
      title: t('col.action'),
      key: 'action',
      width: 110,
      hideable: false,
      render: (_: unknown, r) => (
        <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => confirmCancel(r)}>
          {t('cancelShare')}
        </Button>
      ),
    },
  ];

  return (
    <div className="page-card">
      <PageToolbar icon={ShareAltOutlined} title={t('title')}>
        <RefreshButton query={list}>{t('refresh')}</RefreshButton>
      </PageToolbar>
      <DataTable<MyShareRowValue>
        testId="share-table"
        tableId="myShare"
        rowKey="shareCode"
        columns={columns}
        config={SHARE_TABLE_CONFIG}
        rows={list.data?.list ?? []}
        total={list.data?.count ?? 0}
        loading={list.isLoading}
        state={table}
        onStateChange={setTable}
        onRow={(r) => ({ 'data-row-name': r.fileName }) as HTMLAttributes<HTMLElement>}
        bulkActions={[
          {
            key: 'cancel',
            label: t('bulkCancel'),
            icon: <StopOutlined />,
            danger: true,
            onClick: confirmBulkCancel,
          },
        ]}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('empty')}
            style={{ padding: '48px 0' }}
          />
        }
      />
    </div>
  );
}
