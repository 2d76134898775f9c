/**
 * Archive preview (issue 14 "archives"; 001 §9 zip, rar; 001 §2 Preview overlay): the entries of a
 * zip or rar file as a folder tree with sizes, compressed sizes and times (001 §9 formats). An image,
 * text or PDF entry opens inline (only that entry is fetched); each entry has a download button when
 * downloads are allowed. Encrypted, refused (zip bomb, too large) and renamed (unsafe path) entries are
 * marked. Entry names are the server's sanitised paths, shown as text.
 */
import {
  ArrowLeftOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileOutlined,
  FolderOutlined,
  LockOutlined,
} from '@ant-design/icons';
import { Alert, Button, Grid, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { formatFileSize, type ArchiveEntryValue, type PreviewInfoValue } from '@bimdrive/contracts';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { usePreview } from '../../../stores/preview-store.ts';
import { useArchiveEntries } from '../api/get-archive-entries.ts';
import { buildArchiveTree, type ArchiveNode } from '../lib/archive-tree.ts';
import { saveUrl } from '../../../lib/download.ts';
import { ImageViewer } from './image-viewer.tsx';
import { TextPreview } from './text-preview.tsx';
import { LoadedPdfPreview, viewerLoading } from './loaded-viewers.tsx';
import '../i18n.ts';
import { serverText } from '../../../lib/server-messages.ts';

/** Props of ArchivePreview. */
export interface ArchivePreviewProps {
  info: PreviewInfoValue;
  /** Narrow layout (phones, share pages): fewer columns. */
  compact?: boolean;
}

/** The entries of an archive, and one entry's inline preview when opened. */
export function ArchivePreview({ info, compact: compactProp }: ArchivePreviewProps): ReactElement {
  const { t } = useTranslation('preview');
  const screens = Grid.useBreakpoint();
  // Phones: name, size and icon-only actions.
  const compact = compactProp || screens.md === false;
  const share = usePreview((s) => s.share);
  const version = usePreview((s) => s.file?.version);
  const q = useArchiveEntries(info.iuid, share, version);
  const [open, setOpen] = useState<ArchiveEntryValue | null>(null);
  const tree = useMemo(() => buildArchiveTree(q.data?.entries ?? []), [q.data]);

  if (q.isPending) return viewerLoading;
  if (q.isError)
    return (
      <Alert
        type="error"
        showIcon
        style={{ margin: 24 }}
        title={q.error instanceof ApiError && q.error.message ? q.error.message : t('archive.failed')}
      />
    );
  const listing = q.data;
  if (open) return <EntryView entry={open} onBack={() => setOpen(null)} />;

  const nameOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const columns: TableColumnsType<ArchiveNode> = [
    {
      title: t('archive.name'),
      key: 'name',
      ellipsis: true,
      render: (_, n) => {
        const e = n.entry;
        const icon = n.isFolder ? <FolderOutlined style={{ color: '#faad14' }} /> : <FileOutlined />;
        const name = e?.viewUrl ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(e)}>
            {n.name}
          </Button>
        ) : (
          <span>{n.name}</span>
        );
        return (
          <Space size={6}>
            {icon}
            {name}
            {e?.encrypted && (
              <Tag icon={<LockOutlined />} color="gold">
                {t('archive.encrypted')}
              </Tag>
            )}
            {e?.refused && !e.encrypted && (
              <Tooltip title={serverText(e.refused)}>
                <Tag color="red">{t('archive.refused')}</Tag>
              </Tooltip>
            )}
            {e?.unsafeName && (
              <Tooltip title={t('archive.unsafeNameHint')}>
                <Tag color="orange">{t('archive.unsafeName')}</Tag>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
    {
      title: t('archive.size'),
      key: 'size',
      width: compact ? 84 : 110,
      align: 'right',
      render: (_, n) => (n.isFolder || !n.entry ? '' : formatFileSize(n.entry.size)),
    },
    ...(compact
      ? []
      : [
          {
            title: t('archive.compressedSize'),
            key: 'compressed',
            width: 110,
            align: 'right' as const,
            render: (_: unknown, n: ArchiveNode) =>
              n.isFolder || !n.entry ? '' : formatFileSize(n.entry.compressedSize),
          },
          {
            title: t('archive.modified'),
            key: 'time',
            width: 170,
            render: (_: unknown, n: ArchiveNode) => n.entry?.modifiedTime ?? '',
          },
        ]),
    {
      title: t('archive.actions'),
      key: 'actions',
      width: compact ? 76 : 150,
      render: (_, n) => {
        const e = n.entry;
        if (!e || n.isFolder) return null;
        return (
          <Space size={0}>
            {e.viewUrl && (
              <Tooltip title={t('archive.preview')}>
                <Button
                  type="text"
                  size="small"
                  aria-label={t('archive.preview')}
                  icon={<EyeOutlined />}
                  onClick={() => setOpen(e)}
                >
                  {compact ? null : t('archive.preview')}
                </Button>
              </Tooltip>
            )}
            {e.downloadUrl && (
              <Tooltip title={t('archive.download')}>
                <Button
                  type="text"
                  size="small"
                  aria-label={t('archive.download')}
                  data-testid="archive-entry-download"
                  icon={<DownloadOutlined />}
                  onClick={() => saveUrl(e.downloadUrl!, nameOf(e.path))}
                >
                  {compact ? null : t('archive.download')}
                </Button>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];

  const files = listing.entries.filter((e) => !e.isFolder).length;
  return (
    <div
      data-testid="archive-preview"
      style={{ height: '100%', overflow: 'auto', maxWidth: 1200, margin: '0 auto', background: '#fff' }}
    >
      <div style={{ padding: '8px 16px', color: '#666', fontSize: 13 }}>
        {t('archive.summary', { format: listing.format.toUpperCase(), count: files })}
        {!listing.canDownload && <span style={{ marginLeft: 12 }}>{t('archive.browseOnly')}</span>}
      </div>
      {listing.truncated && (
        <Alert
          type="info"
          showIcon
          banner
          title={t('archive.truncated', { shown: listing.entries.length, total: listing.total })}
        />
      )}
      <Table<ArchiveNode>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={tree}
        pagination={false}
        tableLayout="fixed"
        expandable={{ defaultExpandAllRows: listing.entries.length <= 200 }}
        locale={{ emptyText: t('archive.empty') }}
        onRow={(n) =>
          ({ 'data-testid': 'archive-entry', 'data-path': n.key }) as React.HTMLAttributes<HTMLElement>
        }
      />
    </div>
  );
}

/** One entry shown inline, with a way back to the list. */
function EntryView({ entry, onBack }: { entry: ArchiveEntryValue; onBack: () => void }): ReactElement {
  const { t } = useTranslation('preview');
  const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
  const url = entry.viewUrl!;
  let body: ReactElement;
  if (entry.previewKind === 'image') body = <ImageViewer url={url} title={name} />;
  else if (entry.previewKind === 'text') body = <TextPreview url={url} />;
  else body = <LoadedPdfPreview url={url} />;
  return (
    <div
      data-testid="archive-entry-view"
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '4px 12px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Button size="small" icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="archive-back">
          {t('archive.back')}
        </Button>
        <span
          style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {entry.path}
        </span>
        {entry.downloadUrl && (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => saveUrl(entry.downloadUrl!, name)}
            aria-label={t('archive.download')}
          />
        )}
      </div>
      <div style={{ flex: 1, minHeight: 0 }}>{body}</div>
    </div>
  );
}
