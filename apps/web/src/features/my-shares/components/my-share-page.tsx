/**
 * 我的分享 `/myShare` (spec 001 §2 personal file group): the user's share links — file name, link with
 * 复制链接 (链接复制成功), extraction code, 有效期至 (or 永久有效), 状态 (有效 / 已过期) and 取消分享 with a confirm.
 */
import { CopyOutlined, ReloadOutlined, ShareAltOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Empty, Table, Tag, Tooltip, Typography } from 'antd';
import type { HTMLAttributes, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/file-icon.tsx';
import { absoluteUrl, copyText } from '../../../lib/clipboard.ts';
import { useCancelShare } from '../api/cancel-share.ts';
import { useMyShareList, type MyShareRowValue } from '../api/get-my-share-list.ts';
import '../i18n.ts';

/** The my-shares screen. */
export function MySharePage(): ReactElement {
  const { t } = useTranslation(['myShares', 'common']);
  const { message, modal } = App.useApp();
  const list = useMyShareList();
  const cancel = useCancelShare();

  const copy = async (row: MyShareRowValue) => {
    const url = absoluteUrl(row.webUrl);
    const text = row.pwd ? `${url}\n${t('col.pwd')}: ${row.pwd}` : url;
    if (await copyText(text)) void message.success(t('linkCopied'));
    else void message.error(t('copyFailed'));
  };

  const confirmCancel = (row: MyShareRowValue) =>
    modal.confirm({
      title: t('common:tip'),
      content: t('confirmCancel'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await cancel.mutateAsync(row.shareCode);
          void message.success(t('cancelled'));
        } catch {
          /* toasted */
        }
      },
    });

  return (
    <div className="page-card">
      <div className="page-toolbar">
        <Typography.Title level={5} style={{ margin: 0 }}>
          <ShareAltOutlined style={{ color: '#1677ff', marginRight: 8 }} />
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
      <Table<MyShareRowValue>
        data-testid="share-table"
        rowKey="shareCode"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        onRow={(r) => ({ 'data-row-name': r.fileName }) as HTMLAttributes<HTMLElement>}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('empty')}
              style={{ padding: '48px 0' }}
            />
          ),
        }}
        columns={[
          {
            title: t('col.fileName'),
            key: 'fileName',
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
                <Typography.Link
                  href={absoluteUrl(r.webUrl)}
                  target="_blank"
                  ellipsis
                  style={{ maxWidth: 240 }}
                >
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
          { title: t('col.createTime'), key: 'createTime', dataIndex: 'createTime', width: 170 },
          {
            title: t('col.expire'),
            key: 'expire',
            width: 170,
            render: (_: unknown, r) => r.expireTime ?? t('forever'),
          },
          {
            title: t('col.status'),
            key: 'status',
            width: 90,
            render: (_: unknown, r) =>
              r.expired ? <Tag>{t('expired')}</Tag> : <Tag color="success">{t('valid')}</Tag>,
          },
          {
            title: t('col.action'),
            key: 'action',
            width: 110,
            render: (_: unknown, r) => (
              <Button
                type="link"
                size="small"
                danger
                icon={<StopOutlined />}
                onClick={() => confirmCancel(r)}
              >
                {t('cancelShare')}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
